import { zodResolver } from '@client/components/form/zod-resolver';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '@client/components/FormDialog';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { ExpenseVoidSchema } from '@shared/schemas/finances';
import { useVoidExpense } from '../api/mutations';
import type { Expense } from '../api/types';

type VoidFormInput = z.input<typeof ExpenseVoidSchema>;

/**
 * "Anular": asks for the reason and says what a void does before doing it (the confirmation of
 * a destructive action); its payments stay as rows but leave the fund.
 */
export function VoidExpenseDialog({ expense, onClose }: { expense: Expense | null; onClose: () => void }) {
  const { t } = useTranslation('finances');
  return (
    <FormDialog show={expense !== null} onClose={onClose} title={t('voidForm.title')}>
      {expense && <VoidForm expense={expense} onClose={onClose} />}
    </FormDialog>
  );
}

function VoidForm({ expense, onClose }: { expense: Expense; onClose: () => void }) {
  const { t } = useTranslation('finances');
  const voiding = useVoidExpense(expense.id);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<VoidFormInput>({ resolver: zodResolver(ExpenseVoidSchema), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(({ reason }) =>
    voiding.mutate(reason, {
      onSuccess: () => {
        toast({ title: t('voidForm.voided'), variant: 'success' });
        onClose();
      },
      onError: (error) => formFailed(error, setError, ['reason'], t('errors.title')),
    }),
  );
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('voidForm.title')}>
      <Modal.Body>
        <p className="fw-semibold">{expense.description}</p>
        <Alert variant="warning">{t('voidForm.warning')}</Alert>
        <TextField label={t('voidForm.reason')} as="textarea" rows={2} className="mb-0" registration={register('reason')} error={errors.reason} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={voiding.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton pending={voiding.isPending} pendingLabel={t('common:status.saving')} variant="danger">
          {t('voidForm.submit')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
