import { zodResolver } from '@client/components/form/zod-resolver';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { TextField } from '@client/components/form/TextField';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { ChargeWaiveSchema } from '@shared/schemas/billing';
import { TEXT_LIMITS } from '@shared/limits';
import { useWaiveCharge } from '../api/plans';
import type { Charge } from '../api/types';

/** "Condonar mora": an administrator forgives a pending late fee, saying why (a credit note). */
export function WaiveChargeDialog({ charge, onClose }: { charge: Charge | null; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const waive = useWaiveCharge();
  const { register, handleSubmit, reset, formState: { errors } } = useForm({ resolver: zodResolver(ChargeWaiveSchema), defaultValues: { reason: '' } });
  const close = () => {
    reset();
    waive.reset();
    onClose();
  };
  const onConfirm = handleSubmit(({ reason }) => {
    if (!charge) return;
    waive.mutate(
      { id: charge.id, reason },
      {
        onSuccess: (done) => {
          toast({ title: t('waive.done'), description: t('waive.doneDescription', { amount: formatMoney(done.amount), number: charge.invoiceNumber }), variant: 'success' });
          close();
        },
      },
    );
  });
  return (
    <ConfirmDialog
      show={charge !== null}
      title={t('waive.title')}
      confirmLabel={t('waive.confirm')}
      variant="danger"
      pending={waive.isPending}
      refusal={waive.error ? errorMessage(waive.error) : undefined}
      onCancel={close}
      onConfirm={() => void onConfirm()}
    >
      {charge && (
        <>
          <p>{t('waive.body', { number: charge.invoiceNumber, amount: formatMoney(charge.balance), unit: `${charge.propertyName} · ${charge.unitNumber}` })}</p>
          <TextField id="waive-reason" className="" label={t('waive.reason')} as="textarea" rows={2} maxLength={TEXT_LIMITS.text} registration={register('reason')} error={errors.reason} />
        </>
      )}
    </ConfirmDialog>
  );
}
