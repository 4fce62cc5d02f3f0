import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';
import frFR from './locales/fr-FR.json';
import ruRU from './locales/ru-RU.json';
import zhCN from './locales/zh-CN.json';

/** The four languages of spec §9; English is the source every other file is checked against. */
export const LOCALES = { 'en-US': enUS, 'fr-FR': frFR, 'ru-RU': ruRU, 'zh-CN': zhCN } as const;
export type Locale = keyof typeof LOCALES;

export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'fr-FR': 'Français',
  'ru-RU': 'Русский',
  'zh-CN': '中文',
};

i18next.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(LOCALES).map(([locale, strings]) => [locale, { translation: strings }]),
  ),
  lng: 'en-US',
  fallbackLng: 'en-US',
  // React escapes what it renders; escaping here too would show entities.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };
