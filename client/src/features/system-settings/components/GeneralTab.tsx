import { zodResolver } from '@client/components/form/zod-resolver';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { LANGUAGES } from '@shared/enums';
import { SettingsUpdateSchema, type SystemSettings } from '@shared/schemas/settings';
import { useSaveTab } from './use-save-tab';
import { TEXT_LIMITS } from '@shared/limits';
import { formatTaxId } from '@shared/finances';

const FIELDS = ['appName', 'companyName', 'appDescription', 'contactEmail', 'contactPhone', 'rnc', 'language'] as const;
const GeneralSchema = SettingsUpdateSchema.pick({
  appName: true,
  companyName: true,
  appDescription: true,
  contactEmail: true,
  contactPhone: true,
  rnc: true,
  language: true,
}).required();

const generalValues = (settings: SystemSettings) => ({
  appName: settings.appName,
  companyName: settings.companyName,
  appDescription: settings.appDescription,
  contactEmail: settings.contactEmail,
  contactPhone: settings.contactPhone,
  rnc: settings.rnc ? formatTaxId(settings.rnc) : '',
  language: settings.language,
});

/** General: app name, company name, app description, contact email and phone, the RNC, and the organization's language. */
export function GeneralTab({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation('systemSettings');
  const form = useForm({ resolver: zodResolver(GeneralSchema), defaultValues: generalValues(settings) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const { save, pending, notice } = useSaveTab('general', { form, fields: FIELDS, settings, toValues: generalValues });

  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('general.title')}</h2>
        <p className="text-body-secondary">{t('general.description')}</p>
        <Form noValidate onSubmit={handleSubmit(save)} aria-label={t('tabs.general')}>
          {notice}
          <Row className="g-3 mb-3">
            <Col md={6}>
              <TextField className="" label={t('general.appName')} registration={register('appName')} error={errors.appName} maxLength={TEXT_LIMITS.name} />
            </Col>
            <Col md={6}>
              <TextField className="" label={t('general.companyName')} registration={register('companyName')} error={errors.companyName} maxLength={TEXT_LIMITS.name} autoComplete="organization" />
            </Col>
          </Row>
          <TextField as="textarea" rows={3} label={t('general.appDescription')} registration={register('appDescription')} error={errors.appDescription} maxLength={TEXT_LIMITS.summary} />
          <Row className="g-3 mb-3">
            <Col md={6}>
              <TextField className="" type="email" label={t('general.contactEmail')} registration={register('contactEmail')} error={errors.contactEmail} autoComplete="email" />
            </Col>
            <Col md={6}>
              <TextField className="" type="tel" label={t('general.contactPhone')} registration={register('contactPhone')} error={errors.contactPhone} autoComplete="tel" maxLength={TEXT_LIMITS.phone} />
            </Col>
          </Row>
          <Row className="g-3 mb-3">
            <Col md={6}>
              <TextField className="" label={t('general.rnc')} hint={t('general.rncHint')} inputMode="numeric" registration={register('rnc')} error={errors.rnc} maxLength={TEXT_LIMITS.code} />
            </Col>
            <Col md={6}>
              <SelectField
                className=""
                label={t('general.language')}
                hint={t('general.languageHint')}
                registration={register('language')}
                error={errors.language}
                options={LANGUAGES.map((language) => ({ value: language, label: t(`general.languages.${language}`) }))}
              />
            </Col>
          </Row>
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
