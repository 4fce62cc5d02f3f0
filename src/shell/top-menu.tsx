import { HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { menuFor } from './menu';
import { MenuEntry } from './menu-entry';

/** The menu laid out along the top, under the top bar: entries only, in their order. */
export function TopMenu({ role }: { role: string }) {
  const { t } = useTranslation();
  return (
    <HStack
      as="nav"
      aria-label={t('shell.mainMenu')}
      data-layout="top"
      bg="bg"
      borderBottomWidth="1px"
      px="4"
      py="2"
      gap="1"
      wrap="wrap"
    >
      {menuFor(role)
        .filter((item) => !item.category)
        .map((item) => (
          <MenuEntry
            key={item.key}
            item={item}
            label={t(`menu.${item.key}`, item.title)}
            px="2"
            py="1"
            fontSize="sm"
            borderRadius="md"
            _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
          />
        ))}
    </HStack>
  );
}
