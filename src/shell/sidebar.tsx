import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { menuFor } from './menu';
import { MenuEntry } from './menu-entry';

interface SidebarProps {
  role: string;
  collapsed: boolean;
  /** The simply style: entries without their headings. */
  simple?: boolean;
  width: number;
  onNavigate?: () => void;
}

/** The classic left menu: headings and entries from the menu config, filtered by role. */
export function Sidebar({ role, collapsed, width, onNavigate, simple = false }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <Box
      as="nav"
      aria-label={t('shell.mainMenu')}
      w={`${width}px`}
      flexShrink={0}
      bg="bg"
      borderRightWidth="1px"
      py="4"
      data-collapsed={collapsed}
      data-layout={simple ? 'simply' : 'classic'}
    >
      <Stack gap="1" px={collapsed ? '2' : '4'}>
        {menuFor(role)
          .filter((item) => !(simple && item.category))
          .map((item) =>
            item.category ? (
              collapsed ? null : (
                <Text
                  key={item.key}
                  fontSize="xs"
                  fontWeight="semibold"
                  textTransform="uppercase"
                  color="fg.muted"
                  mt="4"
                  mb="1"
                >
                  {t(`menu.${item.key}`, item.title)}
                </Text>
              )
            ) : (
              <MenuEntry
                key={item.key}
                item={item}
                label={
                  collapsed
                    ? t(`menu.${item.key}`, item.title).slice(0, 2)
                    : t(`menu.${item.key}`, item.title)
                }
                onNavigate={onNavigate}
                px="2"
                py="1.5"
                borderRadius="md"
                fontSize="sm"
                title={t(`menu.${item.key}`, item.title)}
                aria-label={collapsed ? t(`menu.${item.key}`, item.title) : undefined}
                _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
              />
            ),
          )}
      </Stack>
    </Box>
  );
}
