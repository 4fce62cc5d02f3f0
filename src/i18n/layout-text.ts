import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT_TEXT_NAMESPACE } from './i18n';

/** English wording is the key: it holds dots and colons, which i18next would otherwise read as paths. */
const BY_WORDING = { keySeparator: false, nsSeparator: false } as const;

/**
 * A shipped layout's heading or label in the reader's language. The
 * dictionary (src/i18n/layout-text/<locale>.json) maps each wording the
 * product's layouts ship with to its translation: text as shipped reads
 * translated, and text someone wrote in a layout of their own reads as they
 * wrote it.
 */
export function useLayoutText(): (written: string) => string {
  const { t } = useTranslation(LAYOUT_TEXT_NAMESPACE);
  // One function per language, so what is made with it can be kept until the language changes.
  return useCallback((written: string) => t(written, { ...BY_WORDING, defaultValue: written }), [t]);
}
