import { useController, type Control, type FieldPath, type FieldPathValue, type FieldValues } from 'react-hook-form';
import { PropertyUnitFields, type PropertyUnitFieldsProps } from '@client/components/form/PropertyUnitFields';

type PropertyUnitControllerProps<T extends FieldValues, R> = Omit<
  PropertyUnitFieldsProps,
  'propertyId' | 'unitId' | 'onPropertyChange' | 'onUnitChange' | 'errors' | 'onPropertyBlur' | 'onUnitBlur' | 'unitRef'
> & {
  /** A form whose values hold `propertyId` and `unitId` (ids; null while none is chosen). */
  control: Control<T, unknown, R>;
  /** Shown on the unit while its own field has none (a rule about the whole place). */
  unitError?: { message?: string };
};

const idOf = (value: unknown) => (typeof value === 'number' ? value : null);

/** The property-then-unit fields of a react-hook-form form (its `propertyId` and `unitId`). */
export function PropertyUnitController<T extends FieldValues, R>({ control, unitError, ...fields }: PropertyUnitControllerProps<T, R>) {
  const property = useController({ control, name: 'propertyId' as FieldPath<T> });
  const unit = useController({ control, name: 'unitId' as FieldPath<T> });
  return (
    <PropertyUnitFields
      {...fields}
      propertyId={idOf(property.field.value)}
      unitId={idOf(unit.field.value)}
      onPropertyChange={(id) => property.field.onChange(id as FieldPathValue<T, FieldPath<T>>)}
      onUnitChange={(id) => unit.field.onChange(id as FieldPathValue<T, FieldPath<T>>)}
      onPropertyBlur={property.field.onBlur}
      onUnitBlur={unit.field.onBlur}
      unitRef={unit.field.ref}
      errors={{ propertyId: property.fieldState.error, unitId: unit.fieldState.error ?? unitError }}
    />
  );
}
