import { zodResolver } from '@client/components/form/zod-resolver';
import { useState } from 'react';
import { Alert, Form, Modal } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { PropertyUnitFields } from '@client/components/form/PropertyUnitFields';
import { usePropertyUnitControl } from '@client/components/form/use-property-unit-control';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { MAINTENANCE_PRIORITIES } from '@shared/enums';
import { MaintenanceCreateSchema } from '@shared/schemas/maintenance';
import { useCreateRequest, useReportableUnits } from '../api/maintenance';
import { PhotoPicker } from './Photos';

type Input = z.input<typeof MaintenanceCreateSchema>;
type Output = z.output<typeof MaintenanceCreateSchema>;
const FIELDS = ['propertyId', 'unitId', 'location', 'title', 'description', 'priority'] as const;

/**
 * "Nueva solicitud": property, a unit (a resident's own) or a common area, title, description,
 * priority and photos from the camera. Opens the new request once it is sent.
 */
export function NewRequestDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  return (
    <FormDialog show={show} onClose={onClose} title={t('form.title')}>
      <NewRequestForm onClose={onClose} />
    </FormDialog>
  );
}

function NewRequestForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const navigate = useNavigate();
  const create = useCreateRequest();
  const [photos, setPhotos] = useState<File[]>([]);
  const [chosenPlace, setPlace] = useState<'unit' | 'common'>('unit');
  const { register, control, handleSubmit, setError, formState: { errors } } = useForm<Input, unknown, Output>({
    resolver: zodResolver(MaintenanceCreateSchema),
    defaultValues: { propertyId: '' as unknown as number, unitId: undefined, location: '', title: '', description: '', priority: 'medium' },
  });
  const picked = usePropertyUnitControl(control);
  const priority = useWatch({ control, name: 'priority' });
  const units = useReportableUnits(picked.propertyId);

  // No unit to choose (an owner's empty property): a common area.
  const noUnits = units.data?.length === 0;
  const place = noUnits ? 'common' : chosenPlace;

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { ...values, unitId: place === 'unit' ? values.unitId : undefined, location: place === 'common' ? values.location : null, photos },
      {
        onSuccess: ({ created, photoError }) => {
          if (photoError) toast({ title: t('form.photoFailed'), description: errorMessage(photoError), variant: 'destructive' });
          else toast({ title: t('form.created'), description: t('form.createdDescription'), variant: 'success' });
          onClose();
          navigate(`/maintenance/${created.id}`);
        },
        onError: (error) => formFailed(error, setError, FIELDS, t('errors.action')),
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Body>
        <PropertyUnitFields
          {...picked}
          labels={{ property: t('form.property'), chooseProperty: t('form.chooseProperty'), unit: t('form.unit'), chooseUnit: t('form.chooseUnit') }}
          units={units.data}
          unitsLoading={units.isFetching}
          errors={{ ...picked.errors, unitId: picked.errors?.unitId ?? (place === 'unit' ? errors.location : undefined) }}
          pickOnlyProperty
          pickOnlyUnit
          showUnit={place === 'unit'}
        >
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">{t('form.place')}</legend>
            <div className="d-flex flex-wrap gap-3">
              {(['unit', 'common'] as const).map((value) => (
                <Form.Check
                  key={value}
                  type="radio"
                  id={`new-request-place-${value}`}
                  name="place"
                  label={t(value === 'unit' ? 'form.placeUnit' : 'form.placeCommon')}
                  checked={place === value}
                  disabled={value === 'unit' && noUnits}
                  onChange={() => setPlace(value)}
                />
              ))}
            </div>
            {noUnits && <Form.Text>{t('form.noUnits')}</Form.Text>}
          </fieldset>
        </PropertyUnitFields>
        {place === 'common' && (
          <TextField label={t('form.location')} placeholder={t('form.locationPlaceholder')} registration={register('location')} error={errors.location} maxLength={200} />
        )}
        <TextField label={t('form.titleField')} placeholder={t('form.titlePlaceholder')} registration={register('title')} error={errors.title} maxLength={150} />
        <TextField
          as="textarea"
          rows={3}
          label={t('form.descriptionField')}
          placeholder={t('form.descriptionPlaceholder')}
          registration={register('description')}
          error={errors.description}
          maxLength={5000}
        />
        <SelectField
          label={t('form.priority')}
          registration={register('priority')}
          options={MAINTENANCE_PRIORITIES.map((value) => ({ value, label: t(`priorities.${value}`) }))}
          error={errors.priority}
        />
        {priority === 'emergency' && (
          <Alert variant="warning" className="py-2 small">
            {t('form.priorityHint')}
          </Alert>
        )}
        <PhotoPicker files={photos} onChange={setPhotos} disabled={create.isPending} />
      </Modal.Body>
      <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={t('form.submit')} />
    </Form>
  );
}
