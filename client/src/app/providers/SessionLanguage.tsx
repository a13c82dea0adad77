import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@client/lib/auth';

/** The signed-in user's saved language applies from sign-in on (and on every device). */
export function SessionLanguage() {
  const { i18n } = useTranslation();
  const language = useUser().data?.language;
  useEffect(() => {
    if (language && language !== i18n.language) void i18n.changeLanguage(language);
  }, [language, i18n]);
  return null;
}
