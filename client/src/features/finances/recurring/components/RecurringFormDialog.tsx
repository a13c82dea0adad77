import { zodResolver } from '@client/components/form/zod-resolver';
import { useState } from 'react';
import { Col, Form, Modal, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { EXPENSE_CATEGORIES } from '@shared/finances';
import { RecurringExpenseCreateSchema } from '@shared/schemas/financesClose';
import { useFunds, useSuppliers } from '../../api/queries';
import { idChoice, newIdempotencyKey, optionalPesosField, pesosField, pesosText } from '../../components/form';
import { useCategoryLabel } from '../../components/labels';
import { useCreateRecurring, useUpdateRecurring, type RecurringExpense } from '../api';

const RecurringFormSchema = RecurringExpenseCreateSchema.extend({
  fundId: idChoice('finances_fund_required'),
  supplierId: z.string().transform((value) => (value ? Number(value) : null)),
  amount: pesosField(),
  itbis: optionalPesosField(),
  dayOfMonth: z
    .string()
    .transform(Number)
    .pipe(z.number({ error: 'finances_day_of_month_invalid' }).int({ error: 'finances_day_of_month_invalid' }).min(1, { error: 'finances_day_of_month_invalid' }).max(28, { error: 'finances_day_of_month_invalid' })),
});
type RecurringFormInput = z.input<typeof RecurringFormSchema>;
type RecurringFormOutput = z.output<typeof RecurringFormSchema>;
const FIELDS = ['fundId', 'category', 'supplierId', 'amount', 'itbis', 'description', 'dayOfMonth'] as const;
const DAYS = Array.from({ length: 28 }, (_, index) => String(index + 1));

/** A recurring expense to add or edit (the months not issued yet take the change). */
export function RecurringFormDialog({ show, propertyId, template, onClose }: { show: boolean; propertyId: number; template: RecurringExpense | null; onClose: () => void }) {
  const { t } = useTranslation('finances');
  const title = template ? t('recurring.editTitle') : t('recurring.createTitle');
  return (
    <FormDialog show={show} onClose={onClose} title={title}>
      <RecurringForm propertyId={propertyId} template={template} onClose={onClose} title={title} />
    </FormDialog>
  );
}

function RecurringForm({ propertyId, template, onClose, title }: { propertyId: number; template: RecurringExpense | null; onClose: () => void; title: string }) {
  const { t } = useTranslation('finances');
  const categoryLabel = useCategoryLabel();
  const create = useCreateRecurring(propertyId);
  const update = useUpdateRecurring(propertyId);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const funds = useFunds(propertyId);
  const suppliers = useSuppliers('', 1, 200);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<RecurringFormInput, unknown, RecurringFormOutput>({
    resolver: zodResolver(RecurringFormSchema),
    defaultValues: {
      fundId: template ? String(template.fundId) : '',
      category: template?.category ?? 'payroll',
      supplierId: template?.supplierId ? String(template.supplierId) : '',
      amount: template ? pesosText(template.amount) : '',
      itbis: template ? pesosText(template.itbis) : '',
      description: template?.description ?? '',
      dayOfMonth: String(template?.dayOfMonth ?? 1),
    },
  });
  const done = {
    onSuccess: () => {
      toast({ title: template ? t('recurring.saved') : t('recurring.created'), variant: 'success' });
      onClose();
    },
    onError: (error: unknown) => formFailed(error, setError, FIELDS, t('errors.title')),
  };
  const onSubmit = handleSubmit(({ active: _active, ...values }) => {
    if (template) update.mutate({ id: template.id, body: values }, done);
    else create.mutate({ idempotencyKey, body: { ...values, active: true } }, done);
  });
  const categories = [...new Set([...EXPENSE_CATEGORIES, ...(template ? [template.category] : [])])];
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={title}>
      <Modal.Body>
        <TextField label={t('recurring.form.description')} hint={t('recurring.form.descriptionHint')} registration={register('description')} error={errors.description} />
        <Row>
          <Col sm={6}>
            <SelectField
              label={t('expenseForm.fund')}
              placeholder={t('expenseForm.chooseFund')}
              options={(funds.data ?? []).map((fund) => ({ value: String(fund.id), label: fund.name }))}
              registration={register('fundId')}
              error={errors.fundId}
            />
          </Col>
          <Col sm={6}>
            <SelectField label={t('expenseForm.category')} options={categories.map((category) => ({ value: category, label: categoryLabel(category) }))} registration={register('category')} error={errors.category} />
          </Col>
        </Row>
        <SelectField
          label={t('expenseForm.supplier')}
          placeholder={t('expenseForm.noSupplier')}
          options={(suppliers.data?.items ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name }))}
          registration={register('supplierId')}
          error={errors.supplierId}
        />
        <Row>
          <Col sm={4}>
            <TextField label={t('expenseForm.amount')} inputMode="decimal" registration={register('amount')} error={errors.amount} />
          </Col>
          <Col sm={4}>
            <TextField label={t('expenseForm.itbis')} inputMode="decimal" registration={register('itbis')} error={errors.itbis} />
          </Col>
          <Col sm={4}>
            <SelectField label={t('recurring.form.dayOfMonth')} hint={t('recurring.form.dayOfMonthHint')} options={DAYS.map((day) => ({ value: day, label: day }))} registration={register('dayOfMonth')} error={errors.dayOfMonth} />
          </Col>
        </Row>
      </Modal.Body>
      <FormDialogFooter pending={create.isPending || update.isPending} onCancel={onClose} submitLabel={template ? t('recurring.form.save') : t('recurring.form.create')} />
    </Form>
  );
}
