import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';

/** The four languages of spec §9; English is the source every other file is checked against. */
export const LOCALE_NAMES = {
  'en-US': 'English',
  'fr-FR': 'Français',
  'ru-RU': 'Русский',
  'zh-CN': '中文',
} as const;
export type Locale = keyof typeof LOCALE_NAMES;

/** The English strings, in the first script every page loads. */
export const ENGLISH = enUS;

/**
 * The other languages, each a chunk of its own fetched when someone chooses
 * it: the sign-in page carried all four, about 15 KB gzipped of words nobody
 * reading it in one language needs.
 */
const OTHER_LOCALES: Record<Exclude<Locale, 'en-US'>, () => Promise<{ default: ResourceKey }>> = {
  'fr-FR': () => import('./locales/fr-FR.json'),
  'ru-RU': () => import('./locales/ru-RU.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
};

/** Hands i18next a language's strings when it changes to it (changeLanguage waits for them). */
const localeChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, done) {
    const load = OTHER_LOCALES[language as keyof typeof OTHER_LOCALES];
    if (!load) return done(null, {});
    load().then(
      (strings) => done(null, strings.default),
      (error: Error) => done(error, null),
    );
  },
};

i18next
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    resources: { 'en-US': { translation: enUS } },
    // English is bundled; the backend brings the others.
    partialBundledLanguages: true,
    lng: 'en-US',
    fallbackLng: 'en-US',
    // React escapes what it renders; escaping here too would show entities.
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export { i18next };
