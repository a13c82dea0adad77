import { CreditCard } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeCard } from '@client/components/HomeCard';
import { formatMoney } from '@client/lib/format';
import { useBillingSummary } from '../api/queries';
import { ReportTransferDialog } from './ReportTransferDialog';

/**
 * An owner's or resident's balance on their home screen: what their units owe (and how much of
 * it is overdue, or their credit), with "Pagar / Reportar transferencia" opening the transfer
 * report. `whereToPay` is the organization's bank accounts, shown under the button.
 */
export function HomeBalance({ whereToPay }: { whereToPay?: ReactNode }) {
  const { t } = useTranslation('billing');
  const summary = useBillingSummary(null);
  const [paying, setPaying] = useState(false);
  const data = summary.data;
  return (
    <HomeCard id="balance" title={t('home.title')} icon={CreditCard} link={{ to: '/billing', label: t('home.statement') }} query={summary}>
      {data && (
        <>
          <p className="mb-1 text-body-secondary small">{data.outstanding > 0 ? t('home.owed') : t('home.upToDate')}</p>
          <p className="display-6 fw-semibold mb-1" data-testid="home-balance-value">
            {formatMoney(data.outstanding)}
          </p>
          {data.overdue > 0 && <p className="text-danger small mb-1">{t('home.overdue', { amount: formatMoney(data.overdue) })}</p>}
          {data.credit > 0 && <p className="text-success small mb-1">{t('home.credit', { amount: formatMoney(data.credit) })}</p>}
          <button type="button" className="btn btn-primary mt-2" onClick={() => setPaying(true)}>
            {t('home.pay')}
          </button>
          {whereToPay && (
            <div className="mt-3" data-testid="home-where-to-pay">
              {whereToPay}
            </div>
          )}
          <ReportTransferDialog show={paying} onClose={() => setPaying(false)} />
        </>
      )}
    </HomeCard>
  );
}
