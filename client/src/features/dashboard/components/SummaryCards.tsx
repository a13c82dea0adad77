import { Building2, CreditCard, FileText, Users, Wrench, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { screenAccess } from '@client/lib/screens';
import { useCurrentUser } from '@client/lib/auth';
import { useBranding } from '@client/lib/branding';
import { formatMoney } from '@client/lib/format';
import type { Dashboard } from '../api/get-dashboard';

type Summary = { key: string; to: string; icon: LucideIcon; value: (data: Dashboard) => string };

const SUMMARIES: Summary[] = [
  { key: 'properties', to: '/properties', icon: Building2, value: (d) => String(d.properties) },
  { key: 'residents', to: '/residents', icon: Users, value: (d) => String(d.residents) },
  { key: 'documents', to: '/documents', icon: FileText, value: (d) => String(d.documents) },
  { key: 'billing', to: '/billing', icon: CreditCard, value: (d) => formatMoney(d.outstandingBalance) },
  { key: 'pendingIssues', to: '/maintenance', icon: Wrench, value: (d) => String(d.pendingIssues) },
];

/** The clickable figures of the screens this user may open; placeholders while they load. */
export function SummaryCards({ data, failed }: { data: Dashboard | undefined; failed: boolean }) {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const { features } = useBranding();
  return (
    <ul className="row row-cols-2 row-cols-lg-3 row-cols-xxl-5 g-2 g-sm-3 mb-4 ps-0 list-unstyled" aria-label={t('summary.label')}>
      {SUMMARIES.filter((summary) => screenAccess(summary.to, user, features) === 'open').map((summary) => (
        <li key={summary.key} className="col list-unstyled">
          <Link to={summary.to} className="card vec-summary-card h-100 text-reset text-decoration-none" data-testid={`summary-${summary.key}`}>
            <div className="card-body d-flex align-items-center gap-3 p-2 p-sm-3">
              <span className="vec-summary-icon" aria-hidden>
                <summary.icon size={22} />
              </span>
              <div className="min-w-0">
                <div className="text-body-secondary small">{t(`summary.${summary.key}`)}</div>
                {data ? (
                  <div className="vec-summary-value fw-semibold" data-testid={`summary-${summary.key}-value`}>
                    {summary.value(data)}
                  </div>
                ) : failed ? (
                  <div className="fs-4 fw-semibold" aria-label={t('summary.unavailable')}>
                    —
                  </div>
                ) : (
                  <div className="placeholder-glow fs-4">
                    <span className="placeholder col-6" />
                  </div>
                )}
              </div>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
