/** Join requests of self-registered accounts, and who may be linked or edited as a resident. */
export const ACCESS_MESSAGES = {
  join_request_not_found: { es: 'Solicitud no encontrada', en: 'Request not found' },
  join_request_decided: {
    es: 'Esta solicitud ya fue atendida por otra persona. Recargue para ver su estado.',
    en: 'Someone else has already handled this request. Reload to see where it stands.',
  },
  join_request_pending: {
    es: 'Ya tiene una solicitud pendiente de aprobación.',
    en: 'You already have a request waiting for approval.',
  },
  join_request_not_needed: {
    es: 'Su cuenta ya pertenece a una propiedad.',
    en: 'Your account already belongs to a property.',
  },
  join_request_property_required: { es: 'Seleccione la propiedad', en: 'Choose the property' },
  join_request_property_other_organization: {
    es: 'La propiedad debe ser de la organización de la solicitud',
    en: 'The property must belong to the organization of the request',
  },
  join_request_reference_required: {
    es: 'Indique el nombre de su propiedad o su número',
    en: 'Enter the name or the number of your property',
  },
  resident_account_protected: {
    es: 'Ese correo pertenece a una cuenta que usted no puede administrar',
    en: 'That email belongs to an account you cannot manage',
  },
  new_password_is_temporary: {
    es: 'La nueva contraseña no puede ser la contraseña temporal',
    en: 'The new password cannot be the temporary password',
  },
  new_password_unchanged: {
    es: 'La nueva contraseña debe ser distinta de la actual',
    en: 'The new password must be different from the current one',
  },
} as const;
