import { useController, type Control, type FieldPath, type FieldPathValue, type FieldValues } from 'react-hook-form';
import type { PropertyUnitFieldsProps } from '@client/components/form/PropertyUnitFields';

type Controlled = Pick<
  PropertyUnitFieldsProps,
  'propertyId' | 'unitId' | 'onPropertyChange' | 'onUnitChange' | 'onPropertyBlur' | 'onUnitBlur' | 'unitRef' | 'errors'
>;

const idOf = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * PropertyUnitFields' values, changes and errors from a react-hook-form form whose `propertyId`
 * and `unitId` hold ids (null while none is chosen). A hook, called before the form's other
 * fields: the two register first, so a failed submit focuses them in the order they are shown.
 */
export function usePropertyUnitControl<T extends FieldValues, R>(control: Control<T, unknown, R>): Controlled {
  const property = useController({ control, name: 'propertyId' as FieldPath<T> });
  const unit = useController({ control, name: 'unitId' as FieldPath<T> });
  return {
    propertyId: idOf(property.field.value),
    unitId: idOf(unit.field.value),
    onPropertyChange: (id) => property.field.onChange(id as FieldPathValue<T, FieldPath<T>>),
    onUnitChange: (id) => unit.field.onChange(id as FieldPathValue<T, FieldPath<T>>),
    onPropertyBlur: property.field.onBlur,
    onUnitBlur: unit.field.onBlur,
    unitRef: unit.field.ref,
    errors: { propertyId: property.fieldState.error, unitId: unit.fieldState.error },
  };
}
