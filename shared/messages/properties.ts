/** Properties, units, residents and amenities. */
export const PROPERTIES_MESSAGES = {
  // Residents (spec section 5).
  resident_name_required: { es: 'El nombre es requerido', en: 'First name is required' },
  resident_last_name_required: { es: 'El apellido es requerido', en: 'Last name is required' },
  resident_unit_required: { es: 'El número de unidad es requerido', en: 'The unit number is required' },
  // Units.
  unit_number_required: { es: 'El número de unidad es requerido', en: 'The unit number is required' },
  unit_area_min: {
    es: 'El área debe ser al menos 1 metro cuadrado',
    en: 'The area must be at least 1 square metre',
  },
  min_zero: { es: 'Debe ser mayor o igual a 0', en: 'Must be 0 or greater' },
  integer_required: { es: 'Debe ser un número entero', en: 'Must be a whole number' },
  // Properties.
  property_units_min: { es: 'Debe tener al menos 1 unidad', en: 'Must have at least 1 unit' },
} as const;
