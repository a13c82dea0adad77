import { zodResolver } from '@client/components/form/zod-resolver';
import { Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialogFooter } from '@client/components/FormDialog';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { VisitorDetailsSchema } from '@shared/schemas/visitors';
import { usePatchVisitor, type VisitorView } from '../api/visitors';

type Input = z.input<typeof VisitorDetailsSchema>;
type Output = z.output<typeof VisitorDetailsSchema>;
const FIELDS = ['name', 'email', 'phone', 'purpose', 'vehiclePlate', 'notes'] as const;

/** "Editar": who the visitor is and what the desk should know (the dates stay; cancel and register again to change them). */
export function EditDialog({ visitor, onClose }: { visitor: VisitorView | null; onClose: () => void }) {
  const { t } = useTranslation('visitors');
  return (
    <Modal show={visitor !== null} onHide={onClose} fullscreen="sm-down" aria-labelledby="edit-pass-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="edit-pass-title" as="h2" className="h5">
          {t('form.editTitle')}
        </Modal.Title>
      </Modal.Header>
      {visitor && <EditForm visitor={visitor} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ visitor, onClose }: { visitor: VisitorView; onClose: () => void }) {
  const { t } = useTranslation('visitors');
  const patch = usePatchVisitor();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<Input, unknown, Output>({
    resolver: zodResolver(VisitorDetailsSchema),
    defaultValues: { name: visitor.name, email: visitor.email ?? '', phone: visitor.phone ?? '', purpose: visitor.purpose ?? '', vehiclePlate: visitor.vehiclePlate ?? '', notes: visitor.notes ?? '' },
  });
  const onSubmit = handleSubmit((values) =>
    patch.mutate(
      { id: visitor.id, ...values, version: visitor.version },
      {
        onSuccess: () => {
          toast({ title: t('form.saved'), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, FIELDS, t('errors.action')),
      },
    ),
  );
  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Body>
        <TextField label={t('form.name')} registration={register('name')} error={errors.name} maxLength={100} />
        <TextField label={t('form.phone')} type="tel" registration={register('phone')} error={errors.phone} maxLength={30} />
        <TextField label={t('form.email')} type="email" registration={register('email')} error={errors.email} maxLength={254} />
        <TextField label={t('form.purpose')} registration={register('purpose')} error={errors.purpose} maxLength={200} />
        <TextField label={t('form.plate')} registration={register('vehiclePlate')} error={errors.vehiclePlate} maxLength={50} />
        <TextField as="textarea" rows={2} label={t('form.notes')} registration={register('notes')} error={errors.notes} maxLength={5000} />
      </Modal.Body>
      <FormDialogFooter pending={patch.isPending} onCancel={onClose} submitLabel={t('form.save')} />
    </Form>
  );
}
