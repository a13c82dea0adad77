import { useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@client/lib/auth';
import { savePreferences } from '@client/features/settings/api/update-preferences';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { currentLanguage } from '@client/lib/i18n';
import { runMutation } from '@client/lib/query-client';
import { LANGUAGES } from '@shared/languages';
import type { Language } from '@shared/messages';
import type { PreferencesUpdateInput } from '@shared/schemas/auth';

/**
 * ES / EN. Applies at once; a signed-in user's choice is saved on the server. Native radio
 * buttons: one tab stop, arrows choose (react-bootstrap's ToggleButton makes each label a
 * second, focusable "button").
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const signedIn = Boolean(useUser().data);
  const queryClient = useQueryClient();

  const choose = (language: Language) => {
    const previous = currentLanguage();
    if (language === previous) return;
    void i18n.changeLanguage(language);
    if (!signedIn) return;
    void runMutation(queryClient, (input: PreferencesUpdateInput) => savePreferences(queryClient, input), { language }).catch((error: unknown) => {
      void i18n.changeLanguage(previous);
      toast({ title: t('language.saveFailed'), description: errorMessage(error), variant: 'destructive' });
    });
  };

  return (
    <div className={`d-flex align-items-center gap-1 ${className}`}>
      {/* The icon only where there is room: on a phone the app's name needs it. */}
      <Languages size={18} aria-hidden className="text-body-secondary d-none d-sm-inline" />
      <div className="btn-group btn-group-sm" role="radiogroup" aria-label={t('language.label')}>
        {LANGUAGES.map((language) => (
          <Fragment key={language}>
            <input
              type="radio"
              className="btn-check"
              name="language"
              id={`language-${language}`}
              value={language}
              checked={currentLanguage() === language}
              onChange={() => choose(language)}
              autoComplete="off"
            />
            <label className="btn btn-outline-primary" htmlFor={`language-${language}`} title={t(`language.${language}`)}>
              <span aria-hidden>{language.toUpperCase()}</span>
              <span className="visually-hidden">{t(`language.${language}`)}</span>
            </label>
          </Fragment>
        ))}
      </div>
    </div>
  );
}
