import { zodResolver } from '@client/components/form/zod-resolver';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DetailFields } from '@client/components/detail/DetailFields';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { useLastShown } from '@client/hooks/use-last-shown';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { PaymentUpdateSchema, type PaymentUpdateInput } from '@shared/schemas/billing';
import { useReviewPayment } from '../api/mutations';
import { useStatement, useWaitingReports } from '../api/queries';
import type { Payment } from '../api/types';

type Mode = 'review' | 'refund';

/**
 * A reported transfer with its proof, confirmed or rejected (saying why); or a confirmed
 * payment refunded (saying why). The server decides whether it still can be.
 */
export function ReviewPaymentDialog({ payment, mode, onClose }: { payment: Payment | null; mode: Mode; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const shown = useLastShown(payment);
  const title = mode === 'refund' ? t('refund.title') : t('review.title');
  return (
    <Modal show={payment !== null} onHide={onClose} size={mode === 'review' ? 'lg' : undefined} fullscreen="sm-down" aria-labelledby="review-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="review-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {shown && <ReviewForm key={shown.id} payment={shown} mode={mode} onClose={onClose} />}
    </Modal>
  );
}

function ReviewForm({ payment, mode, onClose }: { payment: Payment; mode: Mode; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const review = useReviewPayment();
  const { register, handleSubmit, setError, setValue, control, formState: { errors } } = useForm<z.input<typeof PaymentUpdateSchema>, unknown, PaymentUpdateInput>({
    resolver: zodResolver(PaymentUpdateSchema),
    defaultValues: { status: mode === 'refund' ? 'refunded' : 'confirmed', reason: '' },
  });
  const rejecting = useWatch({ control, name: 'status' }) !== 'confirmed';

  const onSubmit = handleSubmit((body) =>
    review.mutate(
      { id: payment.id, body },
      {
        onSuccess: (done) => {
          toast({ title: t(`review.done.${body.status}`), description: done.receiptNumber ?? formatMoney(done.amount), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, ['reason'], t('errors.title')),
      },
    ),
  );
  const proofUrl = `/api/payments/${payment.id}/proof`;

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Body>
        <DetailFields
          fields={[
            { label: t('table.unit'), value: `${payment.propertyName} · ${payment.unitNumber}` },
            { label: mode === 'refund' ? t('table.receipt') : t('review.reportedBy'), value: mode === 'refund' ? payment.receiptNumber : payment.userName },
            { label: t('table.amount'), value: formatMoney(payment.amount) },
            { label: t('table.date'), value: formatDate(payment.receivedAt, 'day') },
            { label: t('form.reference'), value: payment.reference ?? '—' },
          ]}
        />
        {mode === 'review' && <UnitContext payment={payment} />}
        {mode === 'review' && payment.proof && (
          <figure className="mt-3 mb-0">
            <figcaption className="fw-semibold mb-2">{t('review.proof')}</figcaption>
            {payment.proof.fileType.startsWith('image/') ? (
              <a href={proofUrl} target="_blank" rel="noreferrer">
                <img src={proofUrl} alt={t('review.proofAlt', { unit: payment.unitNumber })} className="img-fluid rounded border" style={{ maxHeight: 360 }} data-testid="proof-image" />
              </a>
            ) : (
              <a href={proofUrl} target="_blank" rel="noreferrer" className="btn btn-outline-primary">
                {t('review.openProof')}
              </a>
            )}
          </figure>
        )}
        {mode === 'refund' && <Alert variant="warning" className="mt-3 mb-0">{t('refund.explanation')}</Alert>}
        {rejecting && (
          <TextField
            className="mt-3"
            label={mode === 'refund' ? t('refund.reason') : t('review.reason')}
            as="textarea"
            rows={3}
            maxLength={5000}
            autoFocus
            registration={register('reason')}
            error={errors.reason}
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={review.isPending}>
          {t('common:actions.cancel')}
        </Button>
        {mode === 'refund' ? (
          <SubmitButton variant="danger" pending={review.isPending} pendingLabel={t('common:status.saving')}>
            {t('refund.submit')}
          </SubmitButton>
        ) : rejecting ? (
          <SubmitButton variant="danger" pending={review.isPending} pendingLabel={t('common:status.saving')}>
            {t('review.reject')}
          </SubmitButton>
        ) : (
          <>
            <Button variant="outline-danger" onClick={() => setValue('status', 'rejected')} disabled={review.isPending}>
              {t('review.rejectStart')}
            </Button>
            <SubmitButton variant="success" pending={review.isPending} pendingLabel={t('common:status.saving')}>
              {t('review.confirm')}
            </SubmitButton>
          </>
        )}
      </Modal.Footer>
    </Form>
  );
}

/**
 * What the administrator weighs a reported transfer against: the unit's balance, and its other
 * reports still waiting (two of one amount are likely the same transfer reported twice).
 */
function UnitContext({ payment }: { payment: Payment }) {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const statement = useStatement(payment.unitId);
  const waiting = useWaitingReports(payment.unitId);
  const others = (waiting.data ?? []).filter((other) => other.id !== payment.id);
  const balance = statement.data?.closingBalance;
  return (
    <div className="mt-3 small" data-testid="review-context">
      <div>
        <span className="text-body-secondary">{t('review.unitBalance')}: </span>
        <span className="fw-semibold" data-testid="review-balance">
          {balance === undefined ? (statement.isError ? t('review.unknown') : '…') : balance < 0 ? t('statement.credit', { amount: formatMoney(-balance) }) : formatMoney(balance)}
        </span>
      </div>
      {others.length > 0 && (
        <Alert variant={others.some((other) => other.amount === payment.amount) ? 'warning' : 'info'} className="mt-2 mb-0 py-2" data-testid="review-others">
          <div className="fw-semibold">{t('review.otherReports', { count: others.length })}</div>
          <ul className="mb-0 ps-3">
            {others.map((other) => (
              <li key={other.id}>
                {formatMoney(other.amount)} · {formatDate(other.receivedAt, 'day')}
                {other.reference ? ` · ${other.reference}` : ''}
                {other.amount === payment.amount ? ` — ${t('review.sameAmount')}` : ''}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}
