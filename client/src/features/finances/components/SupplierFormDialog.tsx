import { zodResolver } from '@client/components/form/zod-resolver';
import { Col, Form, Modal, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { SupplierCreateSchema } from '@shared/schemas/finances';
import { useCreateSupplier, useUpdateSupplier } from '../api/mutations';
import type { Supplier } from '../api/types';

type SupplierFormInput = z.input<typeof SupplierCreateSchema>;
type SupplierFormOutput = z.output<typeof SupplierCreateSchema>;
const FIELDS = ['name', 'taxId', 'phone', 'email', 'category', 'bankAccount', 'notes'] as const;

/**
 * A supplier to add or edit: the RNC or cédula is checked by its check digit here, with the
 * same schema and message as the server.
 */
export function SupplierFormDialog({ show, supplier, onClose }: { show: boolean; supplier: Supplier | null; onClose: () => void }) {
  const { t } = useTranslation('finances');
  return (
    <FormDialog show={show} onClose={onClose} title={supplier ? t('supplierForm.editTitle') : t('supplierForm.createTitle')}>
      <SupplierForm supplier={supplier} onClose={onClose} />
    </FormDialog>
  );
}

function SupplierForm({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const { t } = useTranslation('finances');
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const pending = create.isPending || update.isPending;
  const { register, handleSubmit, setError, formState: { errors } } = useForm<SupplierFormInput, unknown, SupplierFormOutput>({
    resolver: zodResolver(SupplierCreateSchema),
    defaultValues: {
      name: supplier?.name ?? '',
      taxId: supplier?.taxId ?? '',
      phone: supplier?.phone ?? '',
      email: supplier?.email ?? '',
      category: supplier?.category ?? '',
      bankAccount: supplier?.bankAccount ?? '',
      notes: supplier?.notes ?? '',
    },
  });
  const done = {
    onSuccess: () => {
      toast({ title: t('supplierForm.saved'), variant: 'success' });
      onClose();
    },
    onError: (error: unknown) => formFailed(error, setError, FIELDS, t('errors.title')),
  };
  // Cleared fields are sent empty, so an edit clears them (the schema turns '' into null).
  const onSubmit = handleSubmit((values) => {
    const body = { ...values, phone: values.phone ?? '', category: values.category ?? '', bankAccount: values.bankAccount ?? '', notes: values.notes ?? '' };
    if (supplier) update.mutate({ id: supplier.id, body }, done);
    else create.mutate(values, done);
  });
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={supplier ? t('supplierForm.editTitle') : t('supplierForm.createTitle')}>
      <Modal.Body>
        <TextField label={t('supplierForm.name')} registration={register('name')} error={errors.name} />
        <Row>
          <Col sm={6}>
            <TextField label={t('supplierForm.taxId')} hint={t('supplierForm.taxIdHint')} inputMode="numeric" registration={register('taxId')} error={errors.taxId} />
          </Col>
          <Col sm={6}>
            <TextField label={t('supplierForm.category')} registration={register('category')} error={errors.category} />
          </Col>
          <Col sm={6}>
            <TextField label={t('supplierForm.phone')} type="tel" registration={register('phone')} error={errors.phone} />
          </Col>
          <Col sm={6}>
            <TextField label={t('supplierForm.email')} type="email" registration={register('email')} error={errors.email} />
          </Col>
        </Row>
        <TextField label={t('supplierForm.bankAccount')} registration={register('bankAccount')} error={errors.bankAccount} />
        <TextField label={t('supplierForm.notes')} as="textarea" rows={2} className="mb-0" registration={register('notes')} error={errors.notes} />
      </Modal.Body>
      <FormDialogFooter pending={pending} onCancel={onClose} submitLabel={t('supplierForm.submit')} />
    </Form>
  );
}
