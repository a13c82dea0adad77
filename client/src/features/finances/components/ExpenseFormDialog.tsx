import { zodResolver } from '@client/components/form/zod-resolver';
import { useId, useState } from 'react';
import { Button, Col, Form, InputGroup, Modal, Row } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { useFieldError } from '@client/components/form/field-error';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { readAsBase64 } from '@client/lib/files';
import { formatFileSize, formatMoney } from '@client/lib/format';
import { EXPENSE_CATEGORIES, itbisOf } from '@shared/finances';
import { ExpenseCreateSchema } from '@shared/schemas/finances';
import { EXPENSE_ATTACHMENT_TYPES, MAX_EXPENSE_ATTACHMENT_BYTES, type ExpenseAttachmentType } from '@shared/schemas/financesFiles';
import { todayThere } from '@shared/time';
import { useCreateExpense } from '../api/mutations';
import { useFunds, useSuppliers } from '../api/queries';
import type { ExpenseDetail } from '../api/types';
import { idChoice, newIdempotencyKey, optionalPesosField, pesosField, pesosText } from './form';
import { useCategoryLabel } from './labels';

const ExpenseFormSchema = ExpenseCreateSchema.extend({
  propertyId: z.number({ error: 'finances_property_required' }).int().positive({ error: 'finances_property_required' }),
  fundId: idChoice('finances_fund_required'),
  supplierId: z.string().transform((value) => (value ? Number(value) : null)),
  dueDate: z.string().transform((value) => value || null),
  amount: pesosField(),
  itbis: optionalPesosField(),
  photo: z
    .instanceof(File)
    .refine((file) => file.type in EXPENSE_ATTACHMENT_TYPES, { error: 'finances_attachment_type' })
    .refine((file) => file.size <= MAX_EXPENSE_ATTACHMENT_BYTES, { error: 'finances_attachment_too_large' })
    .optional(),
});
type ExpenseFormInput = z.input<typeof ExpenseFormSchema>;
type ExpenseFormOutput = z.output<typeof ExpenseFormSchema>;
const FIELDS = { propertyId: 'propertyId', fundId: 'fundId', category: 'category', supplierId: 'supplierId', invoiceNumber: 'invoiceNumber', ncf: 'ncf', issueDate: 'issueDate', dueDate: 'dueDate', amount: 'amount', itbis: 'itbis', description: 'description', 'attachments.0.fileType': 'photo', 'attachments.0.content': 'photo' } as const;

/**
 * "Registrar gasto": the bill of a property, the fund that pays it, its supplier, invoice number
 * and NCF (checked like the server does), amount and ITBIS apart (the 18 % helper fills the
 * ITBIS), and the invoice's photo: on a phone the file field opens the camera.
 */
export function ExpenseFormDialog({ show, onClose, onCreated, propertyId }: { show: boolean; onClose: () => void; onCreated?: (expense: ExpenseDetail) => void; propertyId?: number | null }) {
  const { t } = useTranslation('finances');
  return (
    <FormDialog show={show} onClose={onClose} title={t('expenseForm.title')}>
      <ExpenseForm onClose={onClose} onCreated={onCreated} startProperty={propertyId ?? null} />
    </FormDialog>
  );
}

function ExpenseForm({ onClose, onCreated, startProperty }: { onClose: () => void; onCreated?: (expense: ExpenseDetail) => void; startProperty: number | null }) {
  const { t } = useTranslation('finances');
  const categoryLabel = useCategoryLabel();
  const create = useCreateExpense();
  const [key] = useState(newIdempotencyKey);
  const photoId = useId();
  const { register, handleSubmit, setError, setValue, getValues, control, formState: { errors } } = useForm<ExpenseFormInput, unknown, ExpenseFormOutput>({
    resolver: zodResolver(ExpenseFormSchema),
    defaultValues: {
      propertyId: startProperty ?? undefined,
      fundId: '',
      category: 'repairs',
      supplierId: '',
      invoiceNumber: '',
      ncf: '',
      issueDate: todayThere(),
      dueDate: '',
      amount: '',
      itbis: '',
      description: '',
    },
  });
  const propertyId = useWatch({ control, name: 'propertyId' }) ?? null;
  const photo = useWatch({ control, name: 'photo' }) as File | undefined;
  const [amount, itbis] = useWatch({ control, name: ['amount', 'itbis'] });
  const funds = useFunds(propertyId);
  const suppliers = useSuppliers('', 1, 200);
  const photoError = useFieldError(errors.photo);
  const total = toCentavos(amount) + toCentavos(itbis);

  const onSubmit = handleSubmit(async ({ photo: file, ...values }) => {
    const attachments = file ? [{ fileName: file.name, fileType: file.type as ExpenseAttachmentType, content: await readAsBase64(file) }] : undefined;
    create.mutate(
      { key, body: { ...values, attachments } },
      {
        onSuccess: (expense) => {
          toast({ title: t('expenseForm.created'), description: t('expenseForm.createdDescription', { description: expense.description, amount: formatMoney(expense.total) }), variant: 'success' });
          onCreated?.(expense);
          onClose();
        },
        onError: (error) => formFailed(error, setError, FIELDS, t('errors.title')),
      },
    );
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('expenseForm.title')}>
      <Modal.Body>
        <Controller
          control={control}
          name="propertyId"
          render={({ field, fieldState }) => (
            <PropertySelect
              label={t('property')}
              emptyLabel={t('chooseProperty')}
              value={field.value ?? null}
              onChange={(id) => {
                field.onChange(id ?? undefined);
                setValue('fundId', '');
              }}
              onBlur={field.onBlur}
              error={fieldState.error}
            />
          )}
        />
        <Row>
          <Col sm={6}>
            <SelectField
              label={t('expenseForm.fund')}
              placeholder={t('expenseForm.chooseFund')}
              options={(funds.data ?? []).map((fund) => ({ value: String(fund.id), label: fund.name }))}
              registration={register('fundId')}
              error={errors.fundId}
              disabled={propertyId === null}
            />
          </Col>
          <Col sm={6}>
            <SelectField label={t('expenseForm.category')} options={EXPENSE_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) }))} registration={register('category')} error={errors.category} />
          </Col>
        </Row>
        <SelectField
          label={t('expenseForm.supplier')}
          placeholder={t('expenseForm.noSupplier')}
          options={(suppliers.data?.items ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name }))}
          registration={register('supplierId')}
          error={errors.supplierId}
        />
        <TextField label={t('expenseForm.description')} registration={register('description')} error={errors.description} />
        <Row>
          <Col sm={6}>
            <TextField label={t('expenseForm.invoiceNumber')} registration={register('invoiceNumber')} error={errors.invoiceNumber} />
          </Col>
          <Col sm={6}>
            <TextField label={t('expenseForm.ncf')} hint={t('expenseForm.ncfHint')} autoCapitalize="characters" registration={register('ncf')} error={errors.ncf} />
          </Col>
          <Col sm={6}>
            <TextField label={t('expenseForm.issueDate')} type="date" registration={register('issueDate')} error={errors.issueDate} />
          </Col>
          <Col sm={6}>
            <TextField label={t('expenseForm.dueDate')} type="date" registration={register('dueDate')} error={errors.dueDate} />
          </Col>
          <Col sm={6}>
            <TextField label={t('expenseForm.amount')} inputMode="decimal" registration={register('amount')} error={errors.amount} />
          </Col>
          <Col sm={6}>
            <ItbisField
              registration={register('itbis')}
              error={errors.itbis}
              onCompute={() => {
                const base = toCentavos(getValues('amount'));
                if (base > 0) setValue('itbis', pesosText(itbisOf(base)), { shouldValidate: true });
              }}
            />
          </Col>
        </Row>
        <p className="fw-semibold" aria-live="polite" data-testid="expense-total">
          {t('expenseForm.total', { amount: formatMoney(total) })}
        </p>
        <Form.Group controlId={photoId} className="mb-0">
          <Form.Label>{t('expenseForm.photo')}</Form.Label>
          <Form.Control
            type="file"
            accept="image/*,application/pdf"
            capture="environment"
            isInvalid={Boolean(photoError)}
            aria-invalid={Boolean(photoError)}
            aria-describedby={`${photoId}-hint${photoError ? ` ${photoId}-error` : ''}`}
            onChange={(event) => setValue('photo', (event.target as HTMLInputElement).files?.[0] ?? undefined, { shouldValidate: true })}
          />
          <Form.Text id={`${photoId}-hint`} className="d-block">
            {photo ? t('expenseForm.photoChosen', { name: photo.name, size: formatFileSize(photo.size) }) : t('expenseForm.photoHint')}
          </Form.Text>
          <Form.Control.Feedback type="invalid" id={`${photoId}-error`}>
            {photoError}
          </Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={t('expenseForm.submit')} />
    </Form>
  );
}

/** Text of a money field as centavos for the running total (0 while it is not a valid amount). */
function toCentavos(value: string | undefined) {
  return value && /^\d{1,9}(\.\d{1,2})?$/.test(value.trim()) ? Math.round(Number(value.trim()) * 100) : 0;
}

/** The ITBIS field with its "18 %" button, which fills it from the amount. */
function ItbisField({ registration, error, onCompute }: { registration: ReturnType<ReturnType<typeof useForm<ExpenseFormInput, unknown, ExpenseFormOutput>>['register']>; error?: { message?: string }; onCompute: () => void }) {
  const { t } = useTranslation('finances');
  const id = useId();
  const message = useFieldError(error);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('expenseForm.itbis')}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control inputMode="decimal" {...registration} isInvalid={Boolean(message)} aria-describedby={message ? `${id}-error` : undefined} />
        <Button variant="outline-secondary" onClick={onCompute} aria-label={t('expenseForm.itbisHelperLabel')}>
          {t('expenseForm.itbisHelper')}
        </Button>
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {message}
        </Form.Control.Feedback>
      </InputGroup>
    </Form.Group>
  );
}
