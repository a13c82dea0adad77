import { UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HomeCard } from '@client/components/HomeCard';
import { useFormatDate } from '@client/lib/format';
import { useVisitorList } from '../api/visitors';
import { VisitorStatusBadge } from './Badges';

const TODAY = { q: '', tab: 'today', visitType: null, propertyId: null } as const;

/** The visitors the user's units expect today, on their home screen. */
export function HomeVisitorsToday() {
  const { t } = useTranslation('visitors');
  const formatDate = useFormatDate();
  const list = useVisitorList(TODAY, 1);
  const items = list.data?.items ?? [];
  return (
    <HomeCard id="visitors-today" title={t('home.title')} icon={UserCheck} link={{ to: '/visitors?tab=today', label: t('home.all') }} query={list}>
      {items.length ? (
        <ul className="list-unstyled mb-0 d-grid gap-2">
          {items.slice(0, 4).map((visitor) => (
            <li key={visitor.id} className="d-flex justify-content-between gap-2">
              <span className="text-break">
                {visitor.name}
                {visitor.expectedArrival && <span className="text-body-secondary small"> · {formatDate(visitor.expectedArrival, 'time')}</span>}
              </span>
              <VisitorStatusBadge status={visitor.status} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary mb-0">
          {t('home.none')} <Link to="/visitors?action=register">{t('home.register')}</Link>
        </p>
      )}
    </HomeCard>
  );
}
