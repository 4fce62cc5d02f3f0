import { Menu, Portal } from '@chakra-ui/react';
import { useSetAtom } from 'jotai';
import type { Ref } from 'react';
import { LOCALE_NAMES, type Locale } from '../i18n/i18n';
import { updateSettingsAtom } from '../settings/settings-atoms';
import { LanguageButton } from './language-button';

/** The language menu of the top bar and, loaded on demand, of the public pages: the four languages of spec §9. */
export function LanguageMenu({ triggerRef }: { triggerRef?: Ref<HTMLButtonElement> }) {
  const update = useSetAtom(updateSettingsAtom);
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <LanguageButton ref={triggerRef} />
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
