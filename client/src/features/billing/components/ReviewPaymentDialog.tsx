import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DetailFields } from '@client/components/detail/DetailFields';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { useLastShown } from '@client/hooks/use-last-shown';
import { errorMessage } from '@client/lib/api';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { useReviewPayment } from '../api/mutations';
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
  const reasonId = useId();
  const [rejecting, setRejecting] = useState(mode === 'refund');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const decide = (status: 'confirmed' | 'rejected' | 'refunded') => {
    if (status !== 'confirmed' && !reason.trim()) {
      setMissing(true);
      return;
    }
    review.mutate(
      { id: payment.id, body: status === 'confirmed' ? { status, reason: null } : { status, reason: reason.trim() } },
      {
        onSuccess: (done) => {
          toast({ title: t(`review.done.${status}`), description: done.receiptNumber ?? formatMoney(done.amount), variant: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: t('errors.title'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };
  const proofUrl = `/api/payments/${payment.id}/proof`;

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        decide(mode === 'refund' ? 'refunded' : rejecting ? 'rejected' : 'confirmed');
      }}
    >
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
          <Form.Group controlId={reasonId} className="mt-3">
            <Form.Label>{mode === 'refund' ? t('refund.reason') : t('review.reason')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={reason}
              maxLength={5000}
              autoFocus
              isInvalid={missing}
              aria-invalid={missing}
              aria-describedby={missing ? `${reasonId}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
            />
            <Form.Control.Feedback type="invalid" id={`${reasonId}-error`}>
              {t('review.reasonRequired')}
            </Form.Control.Feedback>
          </Form.Group>
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
            <Button variant="outline-danger" onClick={() => setRejecting(true)} disabled={review.isPending}>
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
