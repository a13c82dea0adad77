import { useEffect, useId, type ReactNode, type Ref } from 'react';
import { Form } from 'react-bootstrap';
import { useFieldError } from '@client/components/form/field-error';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { usePropertyOptions, type UnitOption } from '@client/lib/property-options';

type FieldError = { message?: string };

type UnitSelectProps = {
  label: string;
  /** The empty choice ("Seleccione la unidad"). */
  emptyLabel: string;
  value: number | null;
  onChange: (unitId: number | null) => void;
  /** The property's units that may be chosen (each feature reads its own: a host's, a reporter's). */
  units: readonly UnitOption[] | undefined;
  error?: FieldError;
  onBlur?: () => void;
  /** Where a form focuses the field (react-hook-form's field ref). */
  selectRef?: Ref<HTMLSelectElement>;
  disabled?: boolean;
  busy?: boolean;
  id?: string;
  className?: string;
};

/** A unit of one property, by number. */
export function UnitSelect({ label, emptyLabel, value, onChange, units, error, onBlur, selectRef, disabled, busy, id, className = 'mb-3' }: UnitSelectProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const message = useFieldError(error);
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        ref={selectRef}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        onBlur={onBlur}
        disabled={disabled}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${controlId}-error` : undefined}
        aria-busy={busy}
      >
        <option value="">{emptyLabel}</option>
        {(units ?? []).map((unit) => (
          <option key={unit.id} value={unit.id}>
            {unit.unitNumber}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`${controlId}-error`}>
        {message}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

export type PropertyUnitLabels = { property: string; chooseProperty: string; unit: string; chooseUnit: string };

export type PropertyUnitFieldsProps = {
  labels: PropertyUnitLabels;
  propertyId: number | null;
  unitId: number | null;
  onPropertyChange: (propertyId: number | null) => void;
  onUnitChange: (unitId: number | null) => void;
  /** The chosen property's units (undefined while none is chosen or they load). */
  units: readonly UnitOption[] | undefined;
  unitsLoading?: boolean;
  errors?: { propertyId?: FieldError; unitId?: FieldError };
  onPropertyBlur?: () => void;
  onUnitBlur?: () => void;
  unitRef?: Ref<HTMLSelectElement>;
  /** A person with one property has it chosen already. */
  pickOnlyProperty?: boolean;
  /** A property with one unit has it chosen already. */
  pickOnlyUnit?: boolean;
  /** False while the form asks for something else in the unit's place (a common area). */
  showUnit?: boolean;
  /** Shown between the property and the unit. */
  children?: ReactNode;
  /** The fields' groups ("mb-3"; a grid's "col-md-3" places them in a row). */
  propertyClassName?: string;
  unitClassName?: string;
  unitFieldId?: string;
};

/**
 * A property of those the user may read, then one of its units: the unit waits for the property,
 * and choosing another property clears it.
 */
export function PropertyUnitFields({
  labels,
  propertyId,
  unitId,
  onPropertyChange,
  onUnitChange,
  units,
  unitsLoading,
  errors,
  onPropertyBlur,
  onUnitBlur,
  unitRef,
  pickOnlyProperty = false,
  pickOnlyUnit = false,
  showUnit = true,
  children,
  propertyClassName,
  unitClassName,
  unitFieldId,
}: PropertyUnitFieldsProps) {
  // The same request as the property select's first page.
  const properties = usePropertyOptions('');
  const onlyProperty = pickOnlyProperty && properties.data?.total === 1 ? properties.data.items[0].id : null;
  useEffect(() => {
    if (onlyProperty !== null && propertyId === null) onPropertyChange(onlyProperty);
  }, [onlyProperty, propertyId, onPropertyChange]);
  const onlyUnit = pickOnlyUnit && showUnit && propertyId !== null && units?.length === 1 ? units[0].id : null;
  useEffect(() => {
    if (onlyUnit !== null && unitId === null) onUnitChange(onlyUnit);
  }, [onlyUnit, unitId, onUnitChange]);

  return (
    <>
      <PropertySelect
        label={labels.property}
        emptyLabel={labels.chooseProperty}
        value={propertyId}
        onChange={(id) => {
          if (id === propertyId) return;
          onUnitChange(null);
          onPropertyChange(id);
        }}
        onBlur={onPropertyBlur}
        error={errors?.propertyId}
        className={propertyClassName}
      />
      {children}
      {showUnit && (
        <UnitSelect
          id={unitFieldId}
          label={labels.unit}
          emptyLabel={labels.chooseUnit}
          value={unitId}
          onChange={onUnitChange}
          units={units}
          error={errors?.unitId}
          onBlur={onUnitBlur}
          selectRef={unitRef}
          disabled={propertyId === null}
          busy={unitsLoading}
          className={unitClassName}
        />
      )}
    </>
  );
}
