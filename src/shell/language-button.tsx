import { Button, type ButtonProps } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES } from '../i18n/i18n';
import { settingsAtom } from '../settings/settings-atoms';

/** The language menu's button: the language in use, named for what it chooses. */
export function LanguageButton(props: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  const { locale } = useAtomValue(settingsAtom);
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`${t('shell.language')}: ${LOCALE_NAMES[locale]}`}
      {...props}
    >
      {LOCALE_NAMES[locale]}
    </Button>
  );
}
