import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@client/components/form/SelectField';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { useBillingUnits } from '../api/queries';

type UnitFieldsProps = {
  /** Administrators choose a property first; owners and residents choose among their units. */
  manager: boolean;
  propertyId: number | null;
  onPropertyChange: (propertyId: number | null) => void;
  registration: UseFormRegisterReturn;
  error?: { message?: string };
};

/** The property (administrators) and unit of a charge, payment or transfer report. */
export function UnitFields({ manager, propertyId, onPropertyChange, registration, error }: UnitFieldsProps) {
  const { t } = useTranslation('billing');
  const units = useBillingUnits(manager ? propertyId : null, !manager || propertyId !== null);
  const options = (units.data ?? []).map((unit) => ({ value: String(unit.id), label: manager ? unit.unitNumber : `${unit.propertyName} · ${unit.unitNumber}` }));
  return (
    <>
      {manager && <PropertySelect label={t('form.property')} emptyLabel={t('form.chooseProperty')} value={propertyId} onChange={onPropertyChange} />}
      <SelectField
        label={t('form.unit')}
        placeholder={manager && propertyId === null ? t('form.choosePropertyFirst') : t('form.chooseUnit')}
        options={options}
        registration={registration}
        error={error}
        disabled={manager && propertyId === null}
        aria-busy={units.isFetching}
      />
      {units.isError && <Form.Text className="text-danger">{t('errors.units')}</Form.Text>}
    </>
  );
}
