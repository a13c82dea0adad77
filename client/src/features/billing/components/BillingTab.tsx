import { CreditCard, ReceiptText } from 'lucide-react';
import { Button, Card, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { useCurrentUser } from '@client/lib/auth';
import { usePayments } from '../api/queries';
import { PaymentStatusBadge } from './labels';
import { useBranding } from '@client/lib/branding';
import { useCsvDownload } from '@client/hooks/use-csv-download';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { can } from '@shared/permissions';

const HISTORY_SIZE = 5;

/**
 * Facturación: the user's own payment history (latest five, with receipts) and the way to
 * Billing. No card is ever stored, so none is shown.
 */
export function BillingTab() {
  const { t } = useTranslation('billing');
  const { features } = useBranding();
  const user = useCurrentUser();
  const payer = !can(user, 'billing.manage') && (user.role === 'Propietario' || user.role === 'Residente');
  return (
    <Card>
      <Card.Body>
        <div className="d-flex gap-3 align-items-start mb-3">
          <CreditCard className="text-primary flex-shrink-0 mt-1" aria-hidden />
          <div>
            <h2 className="h5">{t('settings.title')}</h2>
            <p className="text-body-secondary mb-0">{payer ? t('settings.description') : t('settings.adminNote')}</p>
          </div>
        </div>
        {payer && features.billing && <PaymentHistory />}
        {features.billing && (
          <Link to={payer ? '/billing?tab=payments' : '/billing'} className="btn btn-outline-primary mt-3">
            {t('settings.viewAll')}
          </Link>
        )}
      </Card.Body>
    </Card>
  );
}

function PaymentHistory() {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const payments = usePayments({}, 1, HISTORY_SIZE);
  const receipts = useCsvDownload();
  if (payments.isPending) return <Loading />;
  if (payments.isError) return <ErrorCard title={t('errors.payments')} error={payments.error} onRetry={() => void payments.refetch()} />;
  if (!payments.data.items.length) return <p className="mb-0">{t('settings.empty')}</p>;
  return (
    <ListGroup as="ul" aria-label={t('settings.title')} data-testid="payment-history">
      {payments.data.items.map((payment) => (
        <ListGroup.Item as="li" key={payment.id} className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <div className="min-w-0">
            <div className="fw-semibold">
              {formatMoney(payment.amount)} <PaymentStatusBadge payment={payment} />
            </div>
            <div className="small text-body-secondary">
              {formatDate(payment.receivedAt, 'day')} · {payment.unitNumber} · {payment.receiptNumber ?? t('table.reportedTransfer')}
            </div>
          </div>
          {payment.receiptNumber && (
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={receipts.pending}
              onClick={() => receipts.download({ path: `/api/payments/${payment.id}/receipt.pdf`, fileName: `${payment.receiptNumber}.pdf` })}
              className="d-inline-flex align-items-center gap-1"
            >
              <ReceiptText size={14} aria-hidden />
              {t('actions.downloadReceipt')}
              <span className="visually-hidden"> {payment.receiptNumber}</span>
            </Button>
          )}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
