import { zodResolver } from '@client/components/form/zod-resolver';
import { Col, Form, Modal, Row } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialogFooter } from '@client/components/FormDialog';
import { CheckboxField } from '@client/components/form/CheckboxField';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { useEditVersion } from '@client/components/form/use-edit-version';
import { toast } from '@client/components/toast/toast';
import { useKeptWhileHidden } from '@client/hooks/use-last-shown';
import { AMENITY_TYPES } from '@shared/enums';
import { AmenityCreateSchema } from '@shared/schemas/amenities';
import { getAmenity, useSaveAmenity, type Amenity } from '../api/amenities';
import { toCentavos } from '../lib/money';

/**
 * The amenity rules of spec section 5 (capacity and hourly rate whole numbers of at least 0,
 * empty meaning 0; type pool; bookable). The rate is typed in RD$ and sent in centavos.
 */
type AmenityFormInput = z.input<typeof AmenityCreateSchema>;
type AmenityFormOutput = z.output<typeof AmenityCreateSchema>;

const RULE_FIELDS = [
  'daysOpen', 'slotMinutes', 'minNoticeHours', 'maxAdvanceDays', 'bufferMinutes', 'maxPerUnitPerMonth',
  'exclusive', 'requiresApproval', 'cancelHoursBefore', 'blockIfOverdue', 'deposit',
] as const;
const FIELDS = ['name', 'type', 'description', 'capacity', 'hourlyRate', 'isBookable', 'openingTime', 'closingTime', ...RULE_FIELDS] as const;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const formValues = (propertyId: number, amenity: Amenity | null): AmenityFormInput => ({
  name: amenity?.name ?? '',
  type: amenity?.type ?? 'pool',
  description: amenity?.description ?? '',
  capacity: amenity ? String(amenity.capacity) : '',
  hourlyRate: amenity ? String(amenity.hourlyRate / 100) : '',
  isBookable: amenity?.isBookable ?? true,
  openingTime: amenity?.openingTime ?? '',
  closingTime: amenity?.closingTime ?? '',
  daysOpen: amenity?.daysOpen ?? [...WEEKDAYS],
  slotMinutes: String(amenity?.slotMinutes ?? 60),
  minNoticeHours: String(amenity?.minNoticeHours ?? 0),
  maxAdvanceDays: String(amenity?.maxAdvanceDays ?? 30),
  bufferMinutes: String(amenity?.bufferMinutes ?? 0),
  maxPerUnitPerMonth: amenity?.maxPerUnitPerMonth == null ? '' : String(amenity.maxPerUnitPerMonth),
  exclusive: amenity?.exclusive ?? true,
  requiresApproval: amenity?.requiresApproval ?? false,
  cancelHoursBefore: String(amenity?.cancelHoursBefore ?? 0),
  blockIfOverdue: amenity?.blockIfOverdue ?? false,
  deposit: amenity ? String(amenity.deposit / 100) : '0',
  propertyId,
});

type AmenityFormDialogProps = { propertyId: number; show: boolean; amenity: Amenity | null; onClose: () => void };

/** Add Amenity / edit an amenity of the property. */
export function AmenityFormDialog({ propertyId, show, amenity, onClose }: AmenityFormDialogProps) {
  const { t } = useTranslation('properties');
  const shown = useKeptWhileHidden(show, amenity);
  return (
    <Modal show={show} onHide={onClose} fullscreen="sm-down" aria-labelledby="amenity-form-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="amenity-form-title" as="h2" className="h5">
          {shown ? t('amenities.editTitle') : t('amenities.addTitle')}
        </Modal.Title>
      </Modal.Header>
      <AmenityForm key={shown?.id ?? 'new'} propertyId={propertyId} amenity={shown} onClose={onClose} />
    </Modal>
  );
}

function AmenityForm({ propertyId, amenity, onClose }: { propertyId: number; amenity: Amenity | null; onClose: () => void }) {
  const { t } = useTranslation('properties');
  const save = useSaveAmenity(propertyId);
  const form = useForm<AmenityFormInput, unknown, AmenityFormOutput>({
    resolver: zodResolver(AmenityCreateSchema),
    defaultValues: formValues(propertyId, amenity),
  });
  const { register, handleSubmit, setError, setValue, formState: { errors } } = form;
  const daysOpen = (useWatch({ control: form.control, name: 'daysOpen' }) ?? []) as number[];
  const edit = useEditVersion({
    row: amenity,
    form,
    toValues: (row: Amenity) => formValues(propertyId, row),
    fetchRow: () => getAmenity(amenity!.id),
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: amenity?.id ?? null, body: { ...values, hourlyRate: toCentavos(values.hourlyRate) ?? 0, deposit: toCentavos(values.deposit) ?? 0 }, version: edit.version },
      {
        onSuccess: (saved) => {
          toast({
            title: amenity ? t('amenities.updated') : t('amenities.added'),
            description: t('amenities.savedDescription', { name: saved.name }),
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          if (edit.isConflict(error)) return;
          formFailed(error, setError, FIELDS, t('notices.errorTitle'));
        },
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={amenity ? t('amenities.editTitle') : t('amenities.addTitle')}>
      <Modal.Body>
        {edit.notice}
        <Row className="g-3 mb-3">
          <Col sm={7}>
            <TextField className="" label={t('amenities.name')} registration={register('name')} error={errors.name} autoComplete="off" />
          </Col>
          <Col sm={5}>
            <SelectField
              className=""
              label={t('amenities.type')}
              registration={register('type')}
              error={errors.type}
              options={AMENITY_TYPES.map((value) => ({ value, label: t(`amenityTypes.${value}`) }))}
            />
          </Col>
        </Row>
        <TextField label={t('amenities.description')} as="textarea" rows={2} registration={register('description')} error={errors.description} />
        <Row className="g-3 mb-3">
          <Col xs={6}>
            <TextField className="" label={t('amenities.capacity')} type="number" min={0} step={1} inputMode="numeric" registration={register('capacity')} error={errors.capacity} hint={t('amenities.capacityHint')} />
          </Col>
          <Col xs={6}>
            <TextField className="" label={t('amenities.hourlyRate')} type="number" min={0} step={1} inputMode="numeric" registration={register('hourlyRate')} error={errors.hourlyRate} hint={t('amenities.hourlyRateHint')} />
          </Col>
        </Row>
        <Row className="g-3 mb-3">
          <Col xs={6}>
            <TextField className="" label={t('amenities.openingTime')} type="time" registration={register('openingTime')} error={errors.openingTime} />
          </Col>
          <Col xs={6}>
            <TextField className="" label={t('amenities.closingTime')} type="time" registration={register('closingTime')} error={errors.closingTime} />
          </Col>
        </Row>
        <CheckboxField type="switch" label={t('amenities.isBookable')} registration={register('isBookable')} error={errors.isBookable} className="mb-0" />
        <fieldset className="border-top mt-3 pt-3" data-testid="booking-rules">
          <legend className="h6">{t('amenities.rules.title')}</legend>
          <div role="group" aria-label={t('amenities.rules.daysOpen')} className="mb-3">
            <div className="form-label">{t('amenities.rules.daysOpen')}</div>
            <div className="d-flex flex-wrap gap-3">
              {WEEKDAYS.map((day) => (
                <Form.Check
                  key={day}
                  id={`amenity-day-${day}`}
                  label={t(`amenities.rules.weekdays.${day}`)}
                  checked={daysOpen.includes(day)}
                  onChange={(event) =>
                    setValue('daysOpen', event.target.checked ? [...daysOpen, day].sort() : daysOpen.filter((d) => d !== day), { shouldDirty: true })
                  }
                />
              ))}
            </div>
            {errors.daysOpen && <div className="invalid-feedback d-block">{String(errors.daysOpen.message ?? '')}</div>}
          </div>
          <Row className="g-3 mb-3">
            {(['slotMinutes', 'bufferMinutes', 'minNoticeHours', 'maxAdvanceDays', 'cancelHoursBefore', 'maxPerUnitPerMonth', 'deposit'] as const).map((field) => (
              <Col xs={6} md={4} key={field}>
                <TextField className="" label={t(`amenities.rules.${field}`)} type="number" min={0} step={1} inputMode="numeric" registration={register(field)} error={errors[field]} />
              </Col>
            ))}
          </Row>
          <CheckboxField type="switch" label={t('amenities.rules.exclusive')} registration={register('exclusive')} error={errors.exclusive} />
          <CheckboxField type="switch" label={t('amenities.rules.requiresApproval')} registration={register('requiresApproval')} error={errors.requiresApproval} />
          <CheckboxField type="switch" label={t('amenities.rules.blockIfOverdue')} registration={register('blockIfOverdue')} error={errors.blockIfOverdue} className="mb-0" />
        </fieldset>
      </Modal.Body>
      <FormDialogFooter pending={save.isPending} onCancel={onClose} submitLabel={amenity ? t('amenities.save') : t('amenities.add')} />
    </Form>
  );
}
