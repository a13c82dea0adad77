import { zodResolver } from '@client/components/form/zod-resolver';
import { Col, Form, Modal, Row } from 'react-bootstrap';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialogFooter } from '@client/components/FormDialog';
import { CheckboxField } from '@client/components/form/CheckboxField';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { useEditVersion } from '@client/components/form/use-edit-version';
import { toast } from '@client/components/toast/toast';
import { useKeptWhileHidden } from '@client/hooks/use-last-shown';
import { optionalDecimal } from '@shared/schemas/properties';
import { UnitCreateSchema } from '@shared/schemas/units';
import { useOwnerCandidates } from '../api/owners';
import { getUnit, useSaveUnit, type Unit } from '../api/units';
import { pesosText, toCentavos } from '../lib/money';
import { fullName } from '@shared/format';

/** The unit rules of spec section 5, with the monthly rent typed in RD$ (two decimals at most). */
const UnitFormSchema = UnitCreateSchema.extend({
  monthlyRent: optionalDecimal({ min: 0, max: 20_000_000, decimals: 2, key: 'number_required', minKey: 'min_zero' }),
});
type UnitFormInput = z.input<typeof UnitFormSchema>;
type UnitFormOutput = z.output<typeof UnitFormSchema>;

const FIELDS = ['unitNumber', 'floor', 'squareMeters', 'bedrooms', 'bathrooms', 'isAvailable', 'monthlyRent', 'share', 'ownerId'] as const;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

const formValues = (unit: Unit | null): UnitFormInput => ({
  unitNumber: unit?.unitNumber ?? '',
  floor: text(unit?.floor),
  squareMeters: text(unit?.squareMeters),
  bedrooms: text(unit?.bedrooms),
  bathrooms: text(unit?.bathrooms),
  isAvailable: unit?.isAvailable ?? true,
  monthlyRent: pesosText(unit?.monthlyRent),
  share: text(unit?.share),
  ownerId: unit?.ownerId ? String(unit.ownerId) : '',
});

/** The unit's owner (billed for its charges before its residents): a Propietario of the organization, or none. */
function UnitOwnerField({ ownerId, ownerName, registration, error }: { ownerId: number | null; ownerName: string | null; registration: UseFormRegisterReturn; error?: { message?: string } }) {
  const { t } = useTranslation('properties');
  const owners = useOwnerCandidates().data ?? [];
  const options = owners.map((user) => ({ value: String(user.id), label: fullName(user.name, user.lastName) }));
  if (ownerId && !owners.some((user) => user.id === ownerId)) options.push({ value: String(ownerId), label: ownerName ?? t('form.ownerUnknown', { id: ownerId }) });
  return <SelectField label={t('units.owner')} placeholder={t('units.noOwner')} registration={registration} error={error} options={options} hint={t('units.ownerHint')} />;
}

type UnitFormDialogProps = { propertyId: number; show: boolean; unit: Unit | null; onClose: () => void };

/** Add Unit / edit a unit. */
export function UnitFormDialog({ propertyId, show, unit, onClose }: UnitFormDialogProps) {
  const { t } = useTranslation('properties');
  const shown = useKeptWhileHidden(show, unit);
  return (
    <Modal show={show} onHide={onClose} fullscreen="sm-down" aria-labelledby="unit-form-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="unit-form-title" as="h2" className="h5">
          {shown ? t('units.editTitle', { number: shown.unitNumber }) : t('units.addTitle')}
        </Modal.Title>
      </Modal.Header>
      <UnitForm key={shown?.id ?? 'new'} propertyId={propertyId} unit={shown} onClose={onClose} />
    </Modal>
  );
}

function UnitForm({ propertyId, unit, onClose }: { propertyId: number; unit: Unit | null; onClose: () => void }) {
  const { t } = useTranslation('properties');
  const save = useSaveUnit(propertyId);
  const form = useForm<UnitFormInput, unknown, UnitFormOutput>({ resolver: zodResolver(UnitFormSchema), defaultValues: formValues(unit) });
  const { register, handleSubmit, setError, formState: { errors } } = form;
  const edit = useEditVersion({ row: unit, form, toValues: formValues, fetchRow: () => getUnit(unit!.id) });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: unit?.id ?? null, body: { ...values, monthlyRent: toCentavos(values.monthlyRent) }, version: edit.version },
      {
        onSuccess: (saved) => {
          toast({
            title: unit ? t('units.updated') : t('units.added'),
            description: t('units.savedDescription', { number: saved.unitNumber }),
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
    <Form noValidate onSubmit={onSubmit} aria-label={unit ? t('units.editTitle', { number: unit.unitNumber }) : t('units.addTitle')}>
      <Modal.Body>
        {edit.notice}
        <Row className="g-3 mb-3">
          <Col xs={6}>
            <TextField className="" label={t('units.unitNumber')} registration={register('unitNumber')} error={errors.unitNumber} autoComplete="off" />
          </Col>
          <Col xs={6}>
            <TextField className="" label={t('units.floor')} type="number" step={1} registration={register('floor')} error={errors.floor} />
          </Col>
        </Row>
        <Row className="g-3 mb-3">
          <Col xs={6}>
            <TextField className="" label={t('units.squareMeters')} type="number" min={1} step="any" registration={register('squareMeters')} error={errors.squareMeters} />
          </Col>
          <Col xs={6}>
            <TextField className="" label={t('units.monthlyRent')} type="number" min={0} step="0.01" registration={register('monthlyRent')} error={errors.monthlyRent} hint={t('units.monthlyRentHint')} />
          </Col>
        </Row>
        <Row className="g-3 mb-3">
          <Col xs={6}>
            <TextField className="" label={t('units.bedrooms')} type="number" min={0} step={1} registration={register('bedrooms')} error={errors.bedrooms} />
          </Col>
          <Col xs={6}>
            <TextField className="" label={t('units.bathrooms')} type="number" min={0} step="0.5" registration={register('bathrooms')} error={errors.bathrooms} />
          </Col>
        </Row>
        <TextField label={t('units.share')} type="number" min={0} max={100} step="0.0001" registration={register('share')} error={errors.share} hint={t('units.shareHint')} />
        <UnitOwnerField ownerId={unit?.ownerId ?? null} ownerName={unit?.ownerName ?? null} registration={register('ownerId')} error={errors.ownerId} />
        <CheckboxField type="switch" label={t('units.isAvailable')} registration={register('isAvailable')} error={errors.isAvailable} className="mb-0" />
      </Modal.Body>
      <FormDialogFooter pending={save.isPending} onCancel={onClose} submitLabel={unit ? t('units.save') : t('units.add')} />
    </Form>
  );
}
