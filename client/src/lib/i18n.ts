import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '@shared/languages';
import type { Language } from '@shared/messages';

/**
 * Translations: one JSON file per namespace and language under src/locales/{es,en}/, found
 * here by file name, so a feature only adds or edits its own namespace files. Spanish `common`
 * is bundled (the default language's shared texts); every other file is its own small chunk,
 * loaded when first needed (`useTranslation('dashboard')` suspends until then; routes preload
 * theirs, see router.tsx; the first render waits for `i18nReady`, main.tsx).
 * The signed-in frame's shared texts (menu, header, bell, lists, pager, walk-in alerts...) are
 * the namespace `frame`, loaded with the frame's code (router.tsx), not with every first load:
 * the sign-in page does without them. Looked up after `common`, so `t('pager.next')` finds them.
 * Spanish is the default; the signed-in user's language (user.language) wins once known.
 */
type Translations = Record<string, unknown>;
const bundled = import.meta.glob<{ default: Translations }>('../locales/es/common.json', { eager: true });
const lazyFiles = import.meta.glob<{ default: Translations }>(['../locales/*/*.json', '!../locales/es/common.json']);

const resources: Record<string, Record<string, Translations>> = {};
for (const [file, module] of Object.entries(bundled)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[language] ??= {})[namespace] = module.default;
}

const lazyNamespaces = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data: Translations | null) => void) {
    const load = lazyFiles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error) => callback(error, null),
    );
  },
};

export const DEFAULT_LANGUAGE: Language = 'es';
/** The texts of the signed-in frame and of the components its screens share (see above). */
export const FRAME_NAMESPACE = 'frame';
const STORAGE_KEY = 'vecindad.language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The language of the last visit on this browser (until the user is known). */
function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: string) {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode: the language is still applied for this visit.
  }
}

i18n.on('languageChanged', applyLanguage);

/** Resolves once the language of the last visit has its common texts (the first render waits for it). */
export const i18nReady = i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: FRAME_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
applyLanguage(i18n.language);

/** The current language as the product knows it ('es' | 'en'). */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

export { i18n };
