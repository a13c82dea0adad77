import { zodResolver } from '@client/components/form/zod-resolver';
import { useState } from 'react';
import { Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { formatMoney } from '@client/lib/format';
import { PAYMENT_METHODS } from '@shared/enums';
import { ExpensePaymentSchema } from '@shared/schemas/finances';
import { todayThere } from '@shared/time';
import { usePayExpense } from '../api/mutations';
import type { Expense } from '../api/types';
import { newIdempotencyKey, pesosField, pesosText } from './form';

const PayFormSchema = ExpensePaymentSchema.extend({ amount: pesosField() });
type PayFormInput = z.input<typeof PayFormSchema>;
type PayFormOutput = z.output<typeof PayFormSchema>;
const FIELDS = ['amount', 'paidAt', 'method', 'reference'] as const;

/** "Pagar": a payment of what the expense owes (all of it by default; part of it allowed). */
export function PayExpenseDialog({ expense, onClose }: { expense: Expense | null; onClose: () => void }) {
  const { t } = useTranslation('finances');
  return (
    <FormDialog show={expense !== null} onClose={onClose} title={t('payForm.title')}>
      {expense && <PayForm expense={expense} onClose={onClose} />}
    </FormDialog>
  );
}

function PayForm({ expense, onClose }: { expense: Expense; onClose: () => void }) {
  const { t } = useTranslation('finances');
  const pay = usePayExpense(expense.id);
  const [key] = useState(newIdempotencyKey);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<PayFormInput, unknown, PayFormOutput>({
    resolver: zodResolver(PayFormSchema),
    defaultValues: { amount: pesosText(expense.balance), paidAt: todayThere(), method: 'bank_transfer', reference: '' },
  });
  const onSubmit = handleSubmit((body) =>
    pay.mutate(
      { key, body },
      {
        onSuccess: () => {
          toast({ title: t('payForm.paid'), description: t('payForm.paidDescription', { amount: formatMoney(body.amount), description: expense.description }), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, FIELDS, t('errors.title')),
      },
    ),
  );
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('payForm.title')}>
      <Modal.Body>
        <p className="mb-3">
          <span className="fw-semibold">{expense.description}</span>
          <br />
          {t('payForm.owed', { amount: formatMoney(expense.balance) })}
        </p>
        <TextField label={t('payForm.amount')} hint={t('payForm.amountHint')} inputMode="decimal" registration={register('amount')} error={errors.amount} />
        <TextField label={t('payForm.paidAt')} type="date" max={todayThere()} registration={register('paidAt')} error={errors.paidAt} />
        <SelectField label={t('payForm.method')} options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) }))} registration={register('method')} error={errors.method} />
        <TextField label={t('payForm.reference')} className="mb-0" registration={register('reference')} error={errors.reference} />
      </Modal.Body>
      <FormDialogFooter pending={pay.isPending} onCancel={onClose} submitLabel={t('payForm.submit')} />
    </Form>
  );
}
