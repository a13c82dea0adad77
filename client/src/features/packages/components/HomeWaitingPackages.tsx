import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeCard } from '@client/components/HomeCard';
import { useWaitingPackages } from '../api/packages';
import { useCarrierLabel } from '../lib/labels';

/** The packages waiting at the desk for the user's units, with their pickup codes, on their home screen. */
export function HomeWaitingPackages() {
  const { t } = useTranslation('packages');
  const carrierLabel = useCarrierLabel();
  const waiting = useWaitingPackages(null);
  const items = waiting.data ?? [];
  return (
    <HomeCard id="packages" title={t('home.title')} icon={Package} link={{ to: '/packages', label: t('home.all') }} query={waiting}>
      {items.length ? (
        <>
          <p className="mb-2">{t('home.count', { count: items.length })}</p>
          <ul className="list-unstyled mb-0 d-grid gap-1 small">
            {items.slice(0, 3).map((item) => (
              <li key={item.id}>
                {carrierLabel(item.carrier)} · {t('home.days', { count: item.ageDays })}
                {item.pickupCode && <span className="ms-1">· {t('home.code', { code: item.pickupCode })}</span>}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-body-secondary mb-0">{t('home.none')}</p>
      )}
    </HomeCard>
  );
}
