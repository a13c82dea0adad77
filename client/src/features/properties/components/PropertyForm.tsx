import { zodResolver } from '@client/components/form/zod-resolver';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { FormProvider, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LocationFields } from '@client/components/form/LocationFields';
import { SelectField } from '@client/components/form/SelectField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { useEditVersion } from '@client/components/form/use-edit-version';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { findCountry } from '@shared/catalog/countries';
import { PROPERTY_STATUSES, PROPERTY_TYPES } from '@shared/enums';
import { PropertyCreateSchema } from '@shared/schemas/properties';
import type { Property, PropertyType } from '../api/get-properties';
import { useSaveProperty, type PhotoChange } from '../api/save-property';
import { propertyQueryOptions } from '../api/get-property';
import { useOwnerCandidates } from '../api/owners';
import { PhotoField } from './PhotoField';
import { fullName } from '@shared/format';

type PropertyFormInput = z.input<typeof PropertyCreateSchema>;
type PropertyFormOutput = z.output<typeof PropertyCreateSchema>;

const FIELDS = ['name', 'address', 'country', 'city', 'type', 'status', 'description', 'ownerId'] as const;

const formValues = (property: Property | null): PropertyFormInput => ({
  name: property?.name ?? '',
  address: property?.address ?? '',
  country: property?.country ?? '',
  city: property?.city ?? '',
  type: property?.type ?? 'apartment',
  status: property?.status ?? 'vacant',
  description: property?.description ?? '',
  ownerId: property?.ownerId ? String(property.ownerId) : '',
});

type PropertyFormProps = {
  /** The property to edit, or null to add one. */
  property: Property | null;
  onSaved: (property: Property) => void;
  onCancel: () => void;
  /** In a dialog the fields are its body and the buttons its footer. */
  layout: 'modal' | 'inline';
  /** An action at the start of the footer (Delete). */
  extraAction?: ReactNode;
};

/**
 * Add or edit a property (spec): name, address, country then city (the city is disabled until
 * a country is chosen; on creation choosing a country selects its first city), units (at least
 * 1), type (apartment), status (vacant), description, the owner and an optional photo.
 */
export function PropertyForm({ property, onSaved, onCancel, layout, extraAction }: PropertyFormProps) {
  const { t } = useTranslation('properties');
  const save = useSaveProperty();
  const [photo, setPhoto] = useState<PhotoChange>({ kind: 'keep' });
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const form = useForm<PropertyFormInput, unknown, PropertyFormOutput>({ resolver: zodResolver(PropertyCreateSchema), defaultValues: formValues(property) });
  const queryClient = useQueryClient();
  const edit = useEditVersion({
    row: property,
    form,
    toValues: formValues,
    fetchRow: () => queryClient.fetchQuery({ ...propertyQueryOptions(property!.id), staleTime: 0 }),
  });
  const { register, handleSubmit, setError, setValue, getValues, control, formState: { errors } } = form;
  const country = useWatch({ control, name: 'country' }) as string;
  const type = useWatch({ control, name: 'type' }) as PropertyType;
  const creating = property === null;

  // On creation a chosen country brings its first city (LocationFields has just emptied it).
  useEffect(() => {
    if (creating && country && !getValues('city')) setValue('city', findCountry(country)?.cities[0]?.id ?? '');
  }, [creating, country, getValues, setValue]);

  const onSubmit = handleSubmit((values) => {
    if (photoProblem) return;
    save.mutate(
      { id: property?.id ?? null, body: values, photo, version: edit.version },
      {
        onSuccess: ({ property: saved, photoError }) => {
          toast({
            title: creating ? t('notices.added') : t('notices.updated'),
            description: t(creating ? 'notices.addedDescription' : 'notices.updatedDescription', { name: saved.name }),
            variant: 'success',
          });
          if (photoError) toast({ title: t('notices.errorTitle'), description: t('notices.photoFailed', { message: errorMessage(photoError) }), variant: 'destructive' });
          onSaved(saved);
        },
        onError: (error) => {
          if (edit.isConflict(error)) return;
          formFailed(error, setError, FIELDS, t('notices.errorTitle'));
        },
      },
    );
  });

  const fields = (
    <>
      {edit.notice}
      <TextField label={t('form.name')} registration={register('name')} error={errors.name} autoComplete="off" />
      <TextField label={t('form.address')} registration={register('address')} error={errors.address} autoComplete="street-address" />
      <LocationFields disabled={save.isPending} />
      <Row className="g-3 mb-3">
        <Col sm={6}>
          <SelectField
            className=""
            label={t('form.type')}
            registration={register('type')}
            error={errors.type}
            options={PROPERTY_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            className=""
            label={t('form.status')}
            registration={register('status')}
            error={errors.status}
            options={PROPERTY_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          />
        </Col>
      </Row>
      <TextField label={t('form.description')} as="textarea" rows={3} registration={register('description')} error={errors.description} />
      <OwnerField organizationId={property?.organizationId} ownerId={property?.ownerId ?? null} registration={register('ownerId')} error={errors.ownerId} />
      <PhotoField
        current={property?.image ?? null}
        change={photo}
        onChange={setPhoto}
        type={type}
        problem={photoProblem}
        onProblem={setPhotoProblem}
        disabled={save.isPending}
      />
    </>
  );

  const buttons = (
    <>
      {extraAction && <div className="me-auto">{extraAction}</div>}
      <Button variant="outline-secondary" onClick={onCancel} disabled={save.isPending}>
        {t('common:actions.cancel')}
      </Button>
      <SubmitButton pending={save.isPending} pendingLabel={t('common:status.saving')}>
        {creating ? t('form.create') : t('form.save')}
      </SubmitButton>
    </>
  );

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={onSubmit} aria-label={creating ? t('form.addTitle') : t('form.editTitle')}>
        {layout === 'modal' ? (
          <>
            <Modal.Body>{fields}</Modal.Body>
            <Modal.Footer>{buttons}</Modal.Footer>
          </>
        ) : (
          <>
            {fields}
            <div className="d-flex flex-wrap gap-2 justify-content-end border-top pt-3">{buttons}</div>
          </>
        )}
      </Form>
    </FormProvider>
  );
}

type OwnerFieldProps = {
  /** The property's organization (none when adding: the administrator's own). */
  organizationId?: number;
  ownerId: number | null;
  registration: UseFormRegisterReturn;
  error?: { message?: string };
};

/** The owner: a Propietario of the property's organization, or none. */
function OwnerField({ organizationId, ownerId, registration, error }: OwnerFieldProps) {
  const { t } = useTranslation('properties');
  const owners = useOwnerCandidates(organizationId).data ?? [];
  const options = owners.map((user) => ({ value: String(user.id), label: fullName(user.name, user.lastName) }));
  if (ownerId && !owners.some((user) => user.id === ownerId)) options.push({ value: String(ownerId), label: t('form.ownerUnknown', { id: ownerId }) });
  return <SelectField label={t('form.owner')} placeholder={t('form.noOwner')} registration={registration} error={error} options={options} />;
}
