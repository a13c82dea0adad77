import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@client/components/list/DataList';
import { formatMoney, useFormatDate } from '@client/lib/format';
import type { Charge, Payment } from '../api/types';
import { ChargeStatusBadge, PaymentStatusBadge, SignedAmount } from './labels';

/** The charges table: what it is (invoice, description), the unit, due date, amount and balance, status. */
export function useChargeColumns(): DataColumn<Charge>[] {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  return [
    {
      id: 'description',
      header: t('table.description'),
      card: 'title',
      cell: (charge) => (
        <div className="min-w-0">
          <div className="fw-semibold text-break" data-testid="charge-description">{charge.description ?? t(`types.${charge.type}`)}</div>
          <div className="small text-body-secondary">
            {charge.invoiceNumber} · {t(`types.${charge.type}`)}
          </div>
        </div>
      ),
    },
    { id: 'unit', header: t('table.unit'), cell: (charge) => <span className="text-break">{`${charge.propertyName} · ${charge.unitNumber}`}</span> },
    { id: 'due', header: t('table.due'), className: 'text-nowrap', cell: (charge) => formatDate(charge.dueDate, 'day') },
    {
      id: 'amount',
      header: t('table.amount'),
      className: 'text-nowrap',
      cell: (charge) => (
        <>
          <SignedAmount centavos={charge.amount} sign="-" />
          {charge.reserveAmount > 0 && <div className="small text-body-secondary">{t('table.reserveLine', { amount: formatMoney(charge.reserveAmount) })}</div>}
          {charge.balance > 0 && charge.balance < charge.amount && <div className="small text-body-secondary">{t('table.balanceLeft', { amount: formatMoney(charge.balance) })}</div>}
        </>
      ),
    },
    { id: 'status', header: t('table.status'), cell: (charge) => <ChargeStatusBadge charge={charge} /> },
  ];
}

/** The payments table: receipt (or "reported"), the unit, date, amount, method, status. */
export function usePaymentColumns(): DataColumn<Payment>[] {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  return [
    {
      id: 'description',
      header: t('table.description'),
      card: 'title',
      cell: (payment) => (
        <div className="min-w-0">
          <div className="fw-semibold text-break">{payment.receiptNumber ?? t('table.reportedTransfer')}</div>
          <div className="small text-body-secondary text-break">
            {[t(`methods.${payment.method}`), payment.reference, payment.userName].filter(Boolean).join(' · ')}
          </div>
          {payment.status === 'rejected' && payment.reason && <div className="small text-danger">{t('table.rejectedBecause', { reason: payment.reason })}</div>}
          {payment.refund && <div className="small text-body-secondary">{t('table.refundedBecause', { reason: payment.refund.reason })}</div>}
        </div>
      ),
    },
    { id: 'unit', header: t('table.unit'), cell: (payment) => <span className="text-break">{`${payment.propertyName} · ${payment.unitNumber}`}</span> },
    { id: 'date', header: t('table.date'), className: 'text-nowrap', cell: (payment) => formatDate(payment.receivedAt, 'day') },
    { id: 'amount', header: t('table.amount'), className: 'text-nowrap', cell: (payment) => <SignedAmount centavos={payment.amount} sign="+" /> },
    { id: 'status', header: t('table.status'), cell: (payment) => <PaymentStatusBadge payment={payment} /> },
  ];
}
