/** Properties, units, residents and amenities. */
export const PROPERTIES_MESSAGES = {
  // Residents (spec section 5).
  resident_name_required: { es: 'El nombre es requerido', en: 'First name is required' },
  resident_last_name_required: { es: 'El apellido es requerido', en: 'Last name is required' },
  resident_unit_required: { es: 'El número de unidad es requerido', en: 'The unit number is required' },
  resident_unit_unknown: {
    es: 'La propiedad no tiene esta unidad; confirme que desea crearla',
    en: 'The property has no such unit; confirm that you want to create it',
  },
  // Units.
  unit_number_required: { es: 'El número de unidad es requerido', en: 'The unit number is required' },
  unit_area_min: {
    es: 'El área debe ser al menos 1 metro cuadrado',
    en: 'The area must be at least 1 square metre',
  },
  // Properties.
  number_required: { es: 'Debe ser un número', en: 'Must be a number' },
  property_type_invalid: { es: 'Tipo de propiedad inválido', en: 'Invalid property type' },
  property_status_invalid: { es: 'Estado de propiedad inválido', en: 'Invalid property status' },
  property_bathrooms_invalid: {
    es: 'Los baños deben ser un número entre 0 y 9.9 con un decimal como máximo',
    en: 'Bathrooms must be a number from 0 to 9.9 with at most one decimal',
  },
  property_owner_invalid: {
    es: 'El propietario debe ser un usuario Propietario de la organización',
    en: 'The owner must be a Propietario user of the organization',
  },
  property_organization_invalid: { es: 'Organización no válida', en: 'Invalid organization' },
  property_limit_reached: {
    es: 'La organización alcanzó el máximo de propiedades permitido',
    en: 'The organization has reached its maximum number of properties',
  },
  user_limit_reached: {
    es: 'La organización alcanzó el máximo de usuarios permitido',
    en: 'The organization has reached its maximum number of users',
  },
  property_has_payments: {
    es: 'No se puede eliminar la propiedad: tiene cargos o pagos registrados',
    en: 'The property cannot be deleted: it has recorded charges or payments',
  },
  property_has_expenses: {
    es: 'No se puede eliminar la propiedad: tiene gastos o movimientos de fondos registrados',
    en: 'The property cannot be deleted: it has recorded expenses or fund transfers',
  },
  property_has_documents: {
    es: 'No se puede eliminar la propiedad: tiene documentos asociados',
    en: 'The property cannot be deleted: it has documents',
  },
  property_not_found: { es: 'Propiedad no encontrada', en: 'Property not found' },
  // Property photo.
  property_image_invalid_type: {
    es: 'La imagen debe ser JPG, PNG, GIF o WebP',
    en: 'The image must be JPG, PNG, GIF or WebP',
  },
  property_image_too_large: { es: 'La imagen no puede superar 5 MB', en: 'The image cannot exceed 5 MB' },
  property_image_invalid: { es: 'La imagen no es un archivo base64 válido', en: 'The image is not valid base64' },
  // Units.
  unit_bathrooms_invalid: {
    es: 'Los baños deben ser un número entre 0 y 99.9 con un decimal como máximo',
    en: 'Bathrooms must be a number from 0 to 99.9 with at most one decimal',
  },
  unit_area_invalid: {
    es: 'El área debe tener como máximo dos decimales',
    en: 'The area may have at most two decimals',
  },
  unit_number_duplicate: {
    es: 'Ya existe una unidad con este número en la propiedad',
    en: 'A unit with this number already exists in the property',
  },
  unit_has_residents: {
    es: 'No se puede eliminar la unidad: tiene residentes',
    en: 'The unit cannot be deleted: residents live there',
  },
  unit_not_found: { es: 'Unidad no encontrada', en: 'Unit not found' },
  // Residents.
  resident_status_invalid: { es: 'Estado de residente inválido', en: 'Invalid resident status' },
  resident_email_taken: {
    es: 'Ya existe una cuenta con este correo electrónico',
    en: 'An account with this email already exists',
  },
  resident_already_linked: {
    es: 'Este usuario ya es residente de esta propiedad',
    en: 'This user is already a resident of this property',
  },
  resident_not_found: { es: 'Residente no encontrado', en: 'Resident not found' },
  notice_title_required: { es: 'El título es requerido', en: 'The title is required' },
  notice_message_required: { es: 'El mensaje es requerido', en: 'The message is required' },
  user_not_found: { es: 'Usuario no encontrado', en: 'User not found' },
  // Amenities.
  amenity_name_required: { es: 'El nombre es requerido', en: 'The name is required' },
  amenity_type_invalid: { es: 'Tipo de amenidad inválido', en: 'Invalid amenity type' },
  amenity_time_invalid: { es: 'La hora debe tener el formato HH:MM', en: 'The time must be HH:MM' },
  amenity_hours_order: {
    es: 'La hora de cierre debe ser posterior a la de apertura',
    en: 'The closing time must be after the opening time',
  },
  amenity_has_bookings: {
    es: 'No se puede eliminar la amenidad: tiene reservas pendientes o confirmadas',
    en: 'The amenity cannot be deleted: it has pending or confirmed bookings',
  },
  amenity_not_found: { es: 'Amenidad no encontrada', en: 'Amenity not found' },
  property_id_required: { es: 'Seleccione una propiedad', en: 'Select a property' },
} as const;
