import { zodResolver } from '@client/components/form/zod-resolver';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialogFooter } from '@client/components/FormDialog';
import { SelectField } from '@client/components/form/SelectField';
import { useEditVersion } from '@client/components/form/use-edit-version';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { useKeptWhileHidden } from '@client/hooks/use-last-shown';
import { RESIDENT_STATUSES } from '@shared/enums';
import { idField } from '@shared/schemas/properties';
import { ResidentCreateSchema, ResidentUpdateSchema } from '@shared/schemas/residents';
import { useCreateResident, useUpdateResident, type CreatedResident } from '../api/save-resident';
import type { Resident } from '@client/lib/types/resident';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { TemporaryPassword } from '@client/components/TemporaryPassword';
import { residentQueryOptions } from '../api/get-resident';
import { UnitConfirmation, useUnknownUnit } from './UnitConfirmation';
import { fullName } from '@shared/format';

type ResidentFormDialogProps = {
  show: boolean;
  onClose: () => void;
  /** The resident to edit, or null to add one. */
  resident: Resident | null;
  /** The property a new resident joins; without it the form asks for one. */
  propertyId?: number;
};

/**
 * Add Resident (spec form: name, last name, email, phone, unit, status) and Edit Details
 * (name and unit required; last name and phone optional). A new account's temporary password
 * is shown once, in the dialog, before it closes.
 */
export function ResidentFormDialog({ show, onClose, resident, propertyId }: ResidentFormDialogProps) {
  const { t } = useTranslation('residents');
  const [created, setCreated] = useState<CreatedResident | null>(null);
  // What the dialog shows stays as it was while it fades out (the caller clears its choice at once).
  const target = { resident: useKeptWhileHidden(show, resident), propertyId: useKeptWhileHidden(show, propertyId) };
  const title = created ? t('form.createdTitle') : target.resident ? t('form.editTitle') : t('form.addTitle');
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={() => setCreated(null)}
      fullscreen="sm-down"
      backdrop={created ? 'static' : true}
      aria-labelledby="resident-form-title"
    >
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="resident-form-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {created?.tempPassword ? (
        <>
          <Modal.Body>
            {created.invited && (
              <Alert variant="info" data-testid="invitation-sent">
                {t('tempPassword.invited', { email: created.email ?? created.username })}
              </Alert>
            )}
            <TemporaryPassword password={created.tempPassword} name={fullName(created.name, created.lastName)} />
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={onClose}>{t('tempPassword.done')}</Button>
          </Modal.Footer>
        </>
      ) : target.resident ? (
        <EditResidentForm key={target.resident.id} resident={target.resident} onDone={onClose} />
      ) : (
        <CreateResidentForm propertyId={target.propertyId} onCreated={setCreated} onDone={onClose} />
      )}
    </Modal>
  );
}

function StatusField({ registration, error }: { registration: UseFormRegisterReturn; error?: { message?: string } }) {
  const { t } = useTranslation('residents');
  return (
    <SelectField
      className=""
      label={t('form.status')}
      registration={registration}
      error={error}
      options={RESIDENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
    />
  );
}

const CreateSchema = ResidentCreateSchema.extend({ propertyId: idField('property_id_required') });
type CreateInput = z.input<typeof CreateSchema>;
type CreateOutput = z.output<typeof CreateSchema>;
const CREATE_FIELDS = ['name', 'lastName', 'username', 'phone', 'unit', 'status', 'propertyId'] as const;

function CreateResidentForm({ propertyId, onCreated, onDone }: { propertyId?: number; onCreated: (created: CreatedResident) => void; onDone: () => void }) {
  const { t } = useTranslation('residents');
  const create = useCreateResident();
  const { register, control, handleSubmit, setError, setFocus, formState: { errors } } = useForm<CreateInput, unknown, CreateOutput>({
    resolver: zodResolver(CreateSchema),
    defaultValues: { name: '', lastName: '', username: '', phone: '', unit: '', status: 'active', propertyId: propertyId ?? '' },
  });
  const unknownUnit = useUnknownUnit(useWatch({ control, name: 'unit' }));

  const save = (values: CreateOutput, createUnit = false) =>
    create.mutate(
      { propertyId: values.propertyId, body: { ...values, createUnit } },
      {
        onSuccess: (created) => {
          const name = fullName(created.name, created.lastName);
          toast({
            title: t('notices.added'),
            description: t(created.tempPassword ? 'notices.addedDescription' : 'notices.linkedDescription', { name, property: created.propertyName }),
            variant: 'success',
          });
          if (created.tempPassword) onCreated(created);
          else onDone();
        },
        onError: (error) => {
          if (unknownUnit.caught(error, values.unit)) return;
          formFailed(error, setError, CREATE_FIELDS, t('notices.errorTitle'));
        },
      },
    );
  const onSubmit = handleSubmit((values) => save(values));

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('form.addTitle')}>
      <Modal.Body>
        {propertyId === undefined && (
          <Controller
            control={control}
            name="propertyId"
            render={({ field, fieldState }) => (
              <PropertySelect
                label={t('form.property')}
                emptyLabel={t('form.chooseProperty')}
                value={typeof field.value === 'number' ? field.value : null}
                onChange={(id) => field.onChange(id ?? '')}
                onBlur={field.onBlur}
                error={fieldState.error}
              />
            )}
          />
        )}
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <TextField className="" label={t('form.name')} registration={register('name')} error={errors.name} autoComplete="off" />
          </Col>
          <Col sm={6}>
            <TextField className="" label={t('form.lastName')} registration={register('lastName')} error={errors.lastName} autoComplete="off" />
          </Col>
        </Row>
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <TextField className="" label={t('form.username')} type="email" registration={register('username')} error={errors.username} autoComplete="off" hint={t('form.usernameHint')} />
          </Col>
          <Col sm={6}>
            <TextField className="" label={t('form.phone')} type="tel" registration={register('phone')} error={errors.phone} autoComplete="off" />
          </Col>
        </Row>
        <Row className="g-3">
          <Col xs={6}>
            <TextField className="" label={t('form.unit')} registration={register('unit')} error={errors.unit} autoComplete="off" hint={t('form.unitHint')} />
          </Col>
          <Col xs={6}>
            <StatusField registration={register('status')} error={errors.status} />
          </Col>
        </Row>
        <UnitConfirmation question={unknownUnit} pending={create.isPending} onCreate={handleSubmit((values) => save(values, true))} onChangeUnit={() => setFocus('unit')} />
      </Modal.Body>
      <FormDialogFooter pending={create.isPending} onCancel={onDone} submitLabel={t('form.add')} />
    </Form>
  );
}

type UpdateInput = z.input<typeof ResidentUpdateSchema>;
type UpdateOutput = z.output<typeof ResidentUpdateSchema>;
const UPDATE_FIELDS = ['name', 'lastName', 'phone', 'unit', 'status'] as const;

const editValues = (resident: Resident): UpdateInput => ({
  name: resident.name,
  lastName: resident.lastName ?? '',
  phone: resident.phone ?? '',
  unit: resident.unitNumber ?? '',
  status: resident.status,
});

function EditResidentForm({ resident, onDone }: { resident: Resident; onDone: () => void }) {
  const { t } = useTranslation('residents');
  const update = useUpdateResident();
  const queryClient = useQueryClient();
  const form = useForm<UpdateInput, unknown, UpdateOutput>({ resolver: zodResolver(ResidentUpdateSchema), defaultValues: editValues(resident) });
  const { register, control, handleSubmit, setError, setFocus, formState: { errors } } = form;
  const edit = useEditVersion({
    row: resident,
    form,
    toValues: editValues,
    fetchRow: () => queryClient.fetchQuery({ ...residentQueryOptions(resident.id), staleTime: 0 }),
  });
  const unknownUnit = useUnknownUnit(useWatch({ control, name: 'unit' }));

  const save = (values: UpdateOutput, createUnit = false) =>
    update.mutate(
      { resident, body: { ...values, createUnit, version: edit.version } },
      {
        onSuccess: (saved) => {
          toast({ title: t('notices.updated'), description: t('notices.updatedDescription', { name: fullName(saved.name, saved.lastName) }), variant: 'success' });
          onDone();
        },
        onError: (error) => {
          if (edit.isConflict(error)) return;
          if (unknownUnit.caught(error, values.unit)) return;
          formFailed(error, setError, UPDATE_FIELDS, t('notices.errorTitle'));
        },
      },
    );
  const onSubmit = handleSubmit((values) => save(values));

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('form.editTitle')}>
      <Modal.Body>
        {edit.notice}
        <p className="small text-body-secondary">
          {resident.propertyName}
          {resident.email && <> · {resident.email}</>}
        </p>
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <TextField className="" label={t('form.name')} registration={register('name')} error={errors.name} autoComplete="off" />
          </Col>
          <Col sm={6}>
            <TextField className="" label={t('form.lastName')} registration={register('lastName')} error={errors.lastName} autoComplete="off" />
          </Col>
        </Row>
        <TextField label={t('form.phone')} type="tel" registration={register('phone')} error={errors.phone} autoComplete="off" />
        <Row className="g-3">
          <Col xs={6}>
            <TextField className="" label={t('form.unit')} registration={register('unit')} error={errors.unit} autoComplete="off" />
          </Col>
          <Col xs={6}>
            <StatusField registration={register('status')} error={errors.status} />
          </Col>
        </Row>
        <UnitConfirmation question={unknownUnit} pending={update.isPending} onCreate={handleSubmit((values) => save(values, true))} onChangeUnit={() => setFocus('unit')} />
      </Modal.Body>
      <FormDialogFooter pending={update.isPending} onCancel={onDone} submitLabel={t('form.save')} />
    </Form>
  );
}
