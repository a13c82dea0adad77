import { useTranslation } from 'react-i18next';

/** A field's name on screen (`fields.<field>` of the onboarding texts), the field's key when there is none. */
export function useFieldLabel() {
  const { t } = useTranslation('onboarding');
  return (field: string) => t(`fields.${field}`, { defaultValue: field });
}
