import { zodResolver } from '@client/components/form/zod-resolver';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@client/components/FormDialog';
import { WhereToPay } from '@client/components/WhereToPay';
import { useFieldError } from '@client/components/form/field-error';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { readAsBase64 } from '@client/lib/files';
import { formatFileSize, formatMoney, useFormatDate } from '@client/lib/format';
import { todayThere } from '@shared/time';
import { MAX_PROOF_BYTES, PROOF_FILE_TYPES, PaymentReportSchema } from '@shared/schemas/billing';
import { useReportTransfer } from '../api/mutations';
import { useBillingUnits, useWaitingReports } from '../api/queries';
import { newIdempotencyKey, pesosField, unitField } from './form';
import { UnitFields } from './UnitFields';

const ReportFormSchema = PaymentReportSchema.omit({ proof: true }).extend({
  unitId: unitField(),
  amount: pesosField(),
  proof: z
    .instanceof(File, { error: 'billing_proof_choose' })
    .refine((file) => file.type in PROOF_FILE_TYPES, { error: 'billing_proof_type' })
    .refine((file) => file.size <= MAX_PROOF_BYTES, { error: 'billing_proof_too_large' }),
});
type ReportFormInput = z.input<typeof ReportFormSchema>;
type ReportFormOutput = z.output<typeof ReportFormSchema>;
const FIELDS = ['unitId', 'amount', 'receivedAt', 'reference'] as const;

/**
 * "Reportar transferencia": an owner or resident tells the administration of a bank transfer,
 * with the photo (from the phone's camera or gallery) or PDF of its proof. It waits as
 * "Por confirmar" until the administration confirms or rejects it.
 */
export function ReportTransferDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <FormDialog show={show} onClose={onClose} title={t('reportForm.title')}>
      <ReportForm onClose={onClose} />
    </FormDialog>
  );
}

function ReportForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('billing');
  const report = useReportTransfer();
  const [key] = useState(newIdempotencyKey);
  const proofId = useId();
  const { register, handleSubmit, setError, setValue, control, formState: { errors } } = useForm<ReportFormInput, unknown, ReportFormOutput>({
    resolver: zodResolver(ReportFormSchema),
    defaultValues: { unitId: '', amount: '', receivedAt: todayThere(), reference: '' },
  });
  const proof = useWatch({ control, name: 'proof' }) as File | undefined;
  // Most people have one unit: it is chosen for them.
  const units = useBillingUnits(null);
  const onlyUnit = units.data?.length === 1 ? units.data[0].id : null;
  useEffect(() => {
    if (onlyUnit !== null) setValue('unitId', String(onlyUnit));
  }, [onlyUnit, setValue]);
  const proofError = useFieldError(errors.proof);
  // A transfer of the same amount for the unit already waiting: most likely this one, reported twice.
  const unitId = Number(useWatch({ control, name: 'unitId' })) || null;
  const amountText = useWatch({ control, name: 'amount' });
  const amount = /^\d{1,9}(\.\d{1,2})?$/.test(String(amountText ?? '').trim()) ? Math.round(Number(String(amountText).trim()) * 100) : null;
  const waiting = useWaitingReports(unitId);
  const duplicate = amount ? waiting.data?.find((payment) => payment.amount === amount) : undefined;
  const formatDate = useFormatDate();

  const onSubmit = handleSubmit(async ({ proof: file, ...values }) => {
    const body = { ...values, proof: { fileName: file.name, fileType: file.type as keyof typeof PROOF_FILE_TYPES, content: await readAsBase64(file) } };
    report.mutate(
      { key, body },
      {
        onSuccess: (payment) => {
          toast({ title: t('reportForm.sent'), description: t('reportForm.sentDescription', { amount: formatMoney(payment.amount) }), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, FIELDS, t('errors.title')),
      },
    );
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('reportForm.title')}>
      <Modal.Body>
        <p className="text-body-secondary">{t('reportForm.intro')}</p>
        <WhereToPay className="mb-3" propertyId={units.data?.find((unit) => unit.id === unitId)?.propertyId ?? null} />
        <UnitFields manager={false} propertyId={null} onPropertyChange={() => {}} registration={register('unitId')} error={errors.unitId} />
        <TextField label={t('form.amount')} inputMode="decimal" hint={t('form.amountHint')} registration={register('amount')} error={errors.amount} />
        {duplicate && (
          <Alert variant="warning" className="small" data-testid="duplicate-transfer" role="status">
            {t('reportForm.duplicate', { amount: formatMoney(duplicate.amount), date: formatDate(duplicate.receivedAt, 'day') })}
          </Alert>
        )}
        <TextField label={t('reportForm.date')} type="date" max={todayThere()} registration={register('receivedAt')} error={errors.receivedAt} />
        <TextField label={t('reportForm.reference')} hint={t('reportForm.referenceHint')} registration={register('reference')} error={errors.reference} />
        <Form.Group controlId={proofId} className="mb-0">
          <Form.Label>{t('reportForm.proof')}</Form.Label>
          <Form.Control
            type="file"
            accept={Object.keys(PROOF_FILE_TYPES).join(',')}
            isInvalid={Boolean(proofError)}
            aria-invalid={Boolean(proofError)}
            aria-describedby={`${proofId}-hint${proofError ? ` ${proofId}-error` : ''}`}
            onChange={(event) => setValue('proof', (event.target as HTMLInputElement).files?.[0] as File, { shouldValidate: true })}
          />
          <Form.Text id={`${proofId}-hint`} className="d-block">
            {proof ? t('reportForm.proofChosen', { name: proof.name, size: formatFileSize(proof.size) }) : t('reportForm.proofHint')}
          </Form.Text>
          <Form.Control.Feedback type="invalid" id={`${proofId}-error`}>
            {proofError}
          </Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={report.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton pending={report.isPending} pendingLabel={t('reportForm.sending')}>
          {t('reportForm.submit')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
