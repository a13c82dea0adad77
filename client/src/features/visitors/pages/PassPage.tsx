import { TicketX } from 'lucide-react';
import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { useBranding } from '@client/lib/branding';
import { isApiError } from '@client/lib/api';
import { useFormatDate } from '@client/lib/format';
import { isLiveVisitor } from '@shared/enums';
import { displayCode } from '@shared/access-codes';
import { dayOf } from '@shared/time';
import { usePublicPass } from '../api/visitors';
import { VisitorStatusBadge } from '../components/Badges';
import { weekdayNames } from '../lib/share';
import '../visitors.css';

/**
 * /pass/<token>, no sign-in: what the visitor shows at the desk. A big QR of the code, the code
 * itself, the validity and the building, under the organization's branding. Nothing else.
 */
export default function PassPage() {
  const { t } = useTranslation('visitors');
  const { token = '' } = useParams();
  const pass = usePublicPass(token);
  const { appName, logo, backgroundColor, textColor } = useBranding();
  const formatDate = useFormatDate();

  const body = () => {
    if (pass.isPending) return <Loading />;
    if (pass.isError) {
      return (
        <>
          <h1 className="visually-hidden">{t('pass.title')}</h1>
          {isApiError(pass.error, 404) ? (
            <EmptyState icon={TicketX} title={t('pass.notFound')} description={t('pass.notFoundDescription')} />
          ) : (
            <ErrorCard title={t('pass.error')} error={pass.error} onRetry={() => void pass.refetch()} />
          )}
        </>
      );
    }
    const p = pass.data;
    const oneDay = p.validFrom && p.validTo && dayOf(new Date(p.validFrom)) === dayOf(new Date(p.validTo));
    const live = isLiveVisitor(p.status);
    return (
      <Card className="shadow-sm text-center">
        <Card.Body className="p-4">
          <h1 className="h4 mb-1">{t('pass.greeting', { name: p.firstName })}</h1>
          <p className="text-body-secondary">{t('pass.show', { property: p.propertyName })}</p>
          {!live && (
            <Alert variant="danger" className="d-flex align-items-center justify-content-center gap-2">
              {t('pass.closed')} <VisitorStatusBadge status={p.status} />
            </Alert>
          )}
          {live && <img src={`/api/passes/${encodeURIComponent(token)}/qr.svg`} alt={t('pass.qr')} width={260} height={260} className="bg-white p-2 border rounded mb-3 mw-100 h-auto" data-testid="pass-qr" />}
          <div className="small text-body-secondary">{t('pass.code')}</div>
          <div className="vec-pass-code fw-bold font-monospace mb-3" data-testid="pass-page-code">
            {displayCode(p.accessCode)}
          </div>
          <div className="small text-body-secondary">{t('pass.valid')}</div>
          <div className="fw-semibold" data-testid="pass-validity">
            {p.validFrom && p.validTo && (oneDay ? t('pass.oneDay', { date: formatDate(p.validFrom, 'day') }) : t('pass.range', { from: formatDate(p.validFrom, 'day'), to: formatDate(p.validTo, 'day') }))}
          </div>
          {p.weekdays && <div className="text-body-secondary">{t('pass.days', { days: weekdayNames(p.weekdays, t) })}</div>}
        </Card.Body>
      </Card>
    );
  };

  return (
    <div className="min-vh-100 py-4 px-3" style={{ backgroundColor, color: textColor }}>
      <main className="vec-pass mx-auto">
        <div className="d-flex align-items-center justify-content-center gap-2 mb-4">
          <img src={logo ?? '/favicon.svg'} alt="" width={36} height={36} className="rounded" />
          <span className="h5 mb-0 fw-bold">{appName}</span>
        </div>
        {body()}
      </main>
    </div>
  );
}
