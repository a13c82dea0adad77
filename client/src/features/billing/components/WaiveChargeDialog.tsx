import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { TEXT_LIMITS } from '@shared/schemas/common';
import { useWaiveCharge } from '../api/plans';
import type { Charge } from '../api/types';

/** "Condonar mora": an administrator forgives a pending late fee, saying why (a credit note). */
export function WaiveChargeDialog({ charge, onClose }: { charge: Charge | null; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const waive = useWaiveCharge();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const close = () => {
    setReason('');
    setInvalid(false);
    waive.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      show={charge !== null}
      title={t('waive.title')}
      confirmLabel={t('waive.confirm')}
      variant="danger"
      pending={waive.isPending}
      refusal={waive.error ? errorMessage(waive.error) : undefined}
      onCancel={close}
      onConfirm={() => {
        if (!charge) return;
        if (!reason.trim()) return setInvalid(true);
        waive.mutate(
          { id: charge.id, reason: reason.trim() },
          {
            onSuccess: (done) => {
              toast({ title: t('waive.done'), description: t('waive.doneDescription', { amount: formatMoney(done.amount), number: charge.invoiceNumber }), variant: 'success' });
              close();
            },
          },
        );
      }}
    >
      {charge && (
        <>
          <p>{t('waive.body', { number: charge.invoiceNumber, amount: formatMoney(charge.balance), unit: `${charge.propertyName} · ${charge.unitNumber}` })}</p>
          <Form.Group controlId="waive-reason">
            <Form.Label>{t('waive.reason')}</Form.Label>
            <Form.Control as="textarea" rows={2} maxLength={TEXT_LIMITS.text} value={reason} isInvalid={invalid} onChange={(event) => setReason(event.target.value)} />
            <Form.Control.Feedback type="invalid">{t('waive.reasonRequired')}</Form.Control.Feedback>
          </Form.Group>
        </>
      )}
    </ConfirmDialog>
  );
}
