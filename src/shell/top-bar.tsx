import { Badge, Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ProfileMenu } from '../app/profile-menu';
import { LanguageMenu } from './language-menu';

interface TopBarProps {
  logo: string;
  onToggleMenu: () => void;
  menuOpen: boolean;
  onToggleThemeOptions: () => void;
  onOpenSettings: () => void;
}

/** The top bar: menu toggle, logo, the trialing badge and the template's placeholder counts, the profile menu. */
export function TopBar({ logo, onToggleMenu, menuOpen, onToggleThemeOptions, onOpenSettings }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <HStack
      as="header"
      bg="bg"
      borderBottomWidth="1px"
      px="4"
      py="2"
      gap="4"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <IconButton
        aria-label={menuOpen ? t('shell.collapseMenu') : t('shell.openMenu')}
        aria-expanded={menuOpen}
        variant="ghost"
        size="sm"
        onClick={onToggleMenu}
      >
        <span aria-hidden="true">☰</span>
      </IconButton>
      <Text fontWeight="bold" color="brand.fg" fontSize="lg">
        {logo}
      </Text>
      <Badge colorPalette="orange" variant="subtle">
        {t('shell.trialing')}
      </Badge>
      <Box ml="auto" display="flex" alignItems="center" gap="3">
        <IconButton
          aria-label={t('shell.layoutConfiguration')}
          variant="ghost"
          size="sm"
          onClick={onToggleThemeOptions}
        >
          <span aria-hidden="true">◐</span>
        </IconButton>
        <IconButton aria-label={t('shell.settings')} variant="ghost" size="sm" onClick={onOpenSettings}>
          <span aria-hidden="true">⚙</span>
        </IconButton>
        <Badge variant="outline" aria-label={t('shell.notifications', { count: 7 })}>
          7
        </Badge>
        <Badge variant="outline" aria-label={t('shell.cart', { count: 2 })}>
          2
        </Badge>
        <LanguageMenu />
        <ProfileMenu />
      </Box>
    </HStack>
  );
}
