/** Join requests of self-registered accounts, and who may be linked or edited as a resident. */
export const ACCESS_MESSAGES = {
  residence_ended: {
    es: 'Su residencia ha finalizado y su cuenta ya no tiene acceso. Si cree que es un error, contacte a la administración.',
    en: 'Your residence has ended and your account no longer has access. If you think this is a mistake, contact the administration.',
  },
  awaiting_approval: {
    es: 'Su cuenta está pendiente de aprobación: la administración de su propiedad debe aprobar su solicitud.',
    en: 'Your account is waiting for approval: the administration of your property must approve your request.',
  },
  organization_inactive: { es: 'La organización no está activa. Contacte a la administración.', en: 'The organization is not active. Contact the administration.' },
  registration_closed: { es: 'El registro de nuevas cuentas está deshabilitado', en: 'Registration of new accounts is switched off' },
  no_organization: { es: 'No hay ninguna organización configurada', en: 'No organization has been set up' },
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
