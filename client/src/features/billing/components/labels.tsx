import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@client/lib/format';
import type { AgreementStatus } from '@shared/schemas/agreements';
import type { Charge, Payment } from '../api/types';

const CHARGE_BADGES = { overdue: 'danger', pending: 'warning', completed: 'success', failed: 'secondary', refunded: 'secondary' } as const;
const PAYMENT_BADGES = { reported: 'warning', confirmed: 'success', rejected: 'danger', refunded: 'secondary' } as const;
const AGREEMENT_BADGES: Record<AgreementStatus, string> = { active: 'primary', kept: 'success', broken: 'danger', cancelled: 'secondary' };

/** Pendiente, Vencido (pending past its due date), Pagado... */
export function ChargeStatusBadge({ charge }: { charge: Pick<Charge, 'status' | 'overdue'> }) {
  const { t } = useTranslation('billing');
  const status = charge.overdue ? 'overdue' : charge.status;
  return (
    <Badge bg={CHARGE_BADGES[status]} text={status === 'pending' ? 'dark' : undefined} data-testid="charge-status">
      {t(`chargeStatuses.${status}`)}
    </Badge>
  );
}

export function PaymentStatusBadge({ payment }: { payment: Pick<Payment, 'status'> }) {
  const { t } = useTranslation('billing');
  return (
    <Badge bg={PAYMENT_BADGES[payment.status]} text={payment.status === 'reported' ? 'dark' : undefined} data-testid="payment-status">
      {t(`paymentStatuses.${payment.status}`)}
    </Badge>
  );
}

/** An amount as the transactions table shows it: charges with a minus, payments with a plus in green. */
export function SignedAmount({ centavos, sign }: { centavos: number; sign: '+' | '-' }) {
  return (
    <span className={`text-nowrap fw-semibold ${sign === '+' ? 'text-success' : ''}`}>
      {sign === '+' ? '+' : '−'}
      {formatMoney(centavos)}
    </span>
  );
}

export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  const { t } = useTranslation('collections');
  return (
    <Badge bg={AGREEMENT_BADGES[status]} data-testid="agreement-status">
      {t(`agreements.statuses.${status}`)}
    </Badge>
  );
}
