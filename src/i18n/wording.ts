import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** English wording is the key: it holds dots and colons, which i18next would otherwise read as paths. */
const BY_WORDING = { keySeparator: false, nsSeparator: false } as const;

/**
 * Text written in English in a file of the product (a shipped layout, a
 * widget schema), in the reader's language: the namespace is a dictionary
 * from each English wording to its translation, so wording without an entry
 * (text someone wrote themselves, or English changed since it was
 * translated) reads as written.
 */
export function useWording(namespace: string): (english: string) => string {
  const { t } = useTranslation(namespace);
  // One function per language, so what is made with it can be kept until the language changes.
  return useCallback((english: string) => t(english, { ...BY_WORDING, defaultValue: english }), [t]);
}
