import { Button, Menu, Portal } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '../i18n/i18n';
import { settingsAtom, updateSettingsAtom } from '../settings/settings-atoms';

/** The top bar's language menu: all four languages of spec §9. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { locale } = useAtomValue(settingsAtom);
  const update = useSetAtom(updateSettingsAtom);
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${t('shell.language')}: ${LOCALE_NAMES[locale]}`}>
          {LOCALE_NAMES[locale]}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {(Object.keys(LOCALE_NAMES) as Locale[]).map((code) => (
              <Menu.Item key={code} value={code} lang={code} onSelect={() => update({ locale: code })}>
                {LOCALE_NAMES[code]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
