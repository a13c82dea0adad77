import { zodResolver } from '@client/components/form/zod-resolver';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { ColorField } from '@client/components/form/ColorField';
import { AA_CONTRAST, contrastRatio, isHexColor } from '@client/lib/colors';
import { SettingsUpdateSchema, type SystemSettings } from '@shared/schemas/settings';
import '../system-settings.css';
import { BrandPreview, type PreviewColors } from './BrandPreview';
import { LogoField } from './LogoField';
import { useSaveTab } from './use-save-tab';

const COLORS = ['primaryColor', 'secondaryColor', 'accentColor', 'textColor', 'backgroundColor'] as const;
const AppearanceSchema = SettingsUpdateSchema.pick({
  primaryColor: true,
  secondaryColor: true,
  accentColor: true,
  textColor: true,
  backgroundColor: true,
}).required();

/** Colours drawn as text on white (links, outline buttons, the body text): the others carry text chosen to contrast. */
const TEXT_ON_WHITE: ReadonlySet<(typeof COLORS)[number]> = new Set(['primaryColor', 'textColor']);

const savedColors = (settings: SystemSettings): PreviewColors => ({
  primaryColor: settings.primaryColor,
  secondaryColor: settings.secondaryColor,
  accentColor: settings.accentColor,
  textColor: settings.textColor,
  backgroundColor: settings.backgroundColor,
});

/** Appearance: the logo, and the five colours (picker, #RRGGBB text and swatch) with a live preview. */
export function AppearanceTab({ settings }: { settings: SystemSettings }) {
  const { t, i18n } = useTranslation('systemSettings');
  const saved = savedColors(settings);
  const form = useForm({ resolver: zodResolver(AppearanceSchema), defaultValues: saved });
  const { control, handleSubmit } = form;
  const { save, pending, notice } = useSaveTab('appearance', { form, fields: COLORS, settings, toValues: savedColors });
  const typed = useWatch({ control });
  // The preview shows what is typed as soon as it is a colour; until then the saved one.
  const preview = Object.fromEntries(
    COLORS.map((name) => [name, isHexColor(typed[name]) ? typed[name] : saved[name]]),
  ) as PreviewColors;
  /** A warning for a colour that would be hard to read on white (below WCAG AA). */
  const contrastWarning = (name: (typeof COLORS)[number]) => {
    const ratio = TEXT_ON_WHITE.has(name) ? contrastRatio(preview[name], '#ffffff') : null;
    if (ratio === null || ratio >= AA_CONTRAST) return undefined;
    return t('appearance.lowContrast', { ratio: ratio.toLocaleString(i18n.language, { maximumFractionDigits: 1 }) });
  };

  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('appearance.title')}</h2>
        <p className="text-body-secondary">{t('appearance.description')}</p>
        <LogoField settings={settings} />
        <Row className="g-4">
          <Col lg={6}>
            <Form noValidate onSubmit={handleSubmit(save)} aria-label={t('tabs.appearance')}>
              {notice}
              {COLORS.map((name) => (
                <ColorField
                  key={name}
                  control={control}
                  name={name}
                  label={t(`appearance.${name}.label`)}
                  pickerLabel={t('appearance.pick', { label: t(`appearance.${name}.label`) })}
                  hint={t(`appearance.${name}.hint`)}
                  warning={contrastWarning(name)}
                  fallback={saved[name]}
                />
              ))}
              <div className="vec-color-swatches mb-3" aria-hidden>
                {COLORS.map((name) => (
                  <span key={name} style={{ backgroundColor: preview[name] }} title={t(`appearance.${name}.label`)} />
                ))}
              </div>
              <div className="d-flex justify-content-end border-top pt-3">
                <SubmitButton pending={pending} pendingLabel={t('common:status.saving')}>
                  {t('save')}
                </SubmitButton>
              </div>
            </Form>
          </Col>
          <Col lg={6}>
            <BrandPreview colors={preview} appName={settings.appName} />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
