import { zodResolver } from '@client/components/form/zod-resolver';
import { Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@client/components/form/CheckboxField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { SettingsUpdateSchema, type FeatureName, type SystemSettings } from '@shared/schemas/settings';
import { useSaveTab } from './use-save-tab';

const MODULES: FeatureName[] = ['documents', 'billing', 'maintenance', 'amenities', 'visitors'];
const FIELDS = [...MODULES.map((name) => `features.${name}`), 'showRegistrationForm'];
const FeaturesSchema = SettingsUpdateSchema.pick({ features: true, showRegistrationForm: true }).required();

/**
 * Features: the module switches (a module switched off leaves the sidebar and its API answers
 * 404) and the registration form of the sign-in page.
 */
const featureValues = (settings: SystemSettings) => ({ features: { ...settings.features }, showRegistrationForm: settings.showRegistrationForm });

export function FeaturesTab({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation('systemSettings');
  const form = useForm({ resolver: zodResolver(FeaturesSchema), defaultValues: featureValues(settings) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const { save, pending, notice } = useSaveTab('features', { form, fields: FIELDS, settings, toValues: featureValues });

  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={handleSubmit(save)} aria-label={t('tabs.features')}>
          {notice}
          <fieldset className="mb-4">
            <legend className="h5">{t('features.modulesTitle')}</legend>
            <p className="text-body-secondary">{t('features.modulesDescription')}</p>
            {MODULES.map((name) => (
              <CheckboxField
                key={name}
                type="switch"
                className="mb-3 pb-3 border-bottom"
                registration={register(`features.${name}`)}
                error={errors.features?.[name]}
                label={<span className="fw-semibold">{t(`features.${name}.label`)}</span>}
                description={t(`features.${name}.description`)}
              />
            ))}
          </fieldset>
          <fieldset className="mb-3">
            <legend className="h5">{t('features.registrationTitle')}</legend>
            <CheckboxField
              type="switch"
              className="mb-3"
              registration={register('showRegistrationForm')}
              error={errors.showRegistrationForm}
              label={<span className="fw-semibold">{t('features.showRegistrationForm.label')}</span>}
              description={t('features.showRegistrationForm.description')}
            />
          </fieldset>
          <div className="d-flex justify-content-end border-top pt-3">
            <SubmitButton pending={pending} pendingLabel={t('common:status.saving')}>
              {t('save')}
            </SubmitButton>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
