import { useTranslation } from 'react-i18next';

export const WIZARD_STEPS = ['file', 'mapping', 'preview', 'result'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Where the wizard is: the steps in order, the current one marked for screen readers too. */
export function ImportSteps({ current }: { current: WizardStep }) {
  const { t } = useTranslation('onboarding');
  const at = WIZARD_STEPS.indexOf(current);
  return (
    <nav aria-label={t('steps.label')} className="mb-4">
      <ol className="vec-import-steps list-unstyled d-flex flex-wrap gap-2 mb-0">
        {WIZARD_STEPS.map((step, i) => (
          <li
            key={step}
            aria-current={i === at ? 'step' : undefined}
            className={`vec-import-steps__item ${i === at ? 'is-current' : ''} ${i < at ? 'is-done' : ''}`}
          >
            <span className="vec-import-steps__number" aria-hidden>
              {i + 1}
            </span>
            <span>{t(`steps.${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
