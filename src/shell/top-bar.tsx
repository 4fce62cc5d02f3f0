import { Badge, Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isDemoPath } from '../layouts/page-paths';
import { LanguageMenu } from './language-menu';
import { LiveSwitch } from './live-switch';
import { NotificationBell } from './notification-bell';
import { OrganisationFace } from './organisation-face';
import { ProfileMenu } from './profile-menu';
import { SubscriptionBadge } from './subscription-badge';

interface TopBarProps {
  logo: string;
  onToggleMenu: () => void;
  menuOpen: boolean;
  onToggleThemeOptions: () => void;
  onOpenSettings: () => void;
}

/**
 * The top bar: menu toggle, the organisation's logo and name, its
 * subscription, the layout and settings panels, language and the profile
 * menu, and the bell with the member's unread notifications; on the
 * template's demo pages, their made-up notification and cart counts instead. On a phone it keeps to the screen's width.
 */
export function TopBar({ logo, onToggleMenu, menuOpen, onToggleThemeOptions, onOpenSettings }: TopBarProps) {
  const { t } = useTranslation();
  const demoPage = isDemoPath(useLocation().pathname);
  return (
    <HStack
      as="header"
      bg="bg"
      borderBottomWidth="1px"
      px="4"
      py="2"
      gap={{ base: '2', sm: '4' }}
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
      {/* The product's logo (a setting) gives way to the organisation's name on a phone. */}
      <Text fontWeight="bold" color="brand.fg" fontSize="lg" flexShrink={0} hideBelow="md">
        {logo}
      </Text>
      <OrganisationFace />
      <Box hideBelow="sm">
        <SubscriptionBadge />
      </Box>
      <Box ml="auto" display="flex" alignItems="center" gap={{ base: '1', sm: '3' }} flexShrink={0}>
        {/* A desktop tool (menu and bar layouts): on a phone the room goes to the organisation's name. */}
        <IconButton
          aria-label={t('shell.layoutConfiguration')}
          variant="ghost"
          size="sm"
          onClick={onToggleThemeOptions}
          hideBelow="sm"
        >
          <span aria-hidden="true">◐</span>
        </IconButton>
        <IconButton aria-label={t('shell.settings')} variant="ghost" size="sm" onClick={onOpenSettings}>
          <span aria-hidden="true">⚙</span>
        </IconButton>
        {demoPage ? (
          <>
            <Badge variant="outline" aria-label={t('shell.notifications', { count: 7 })}>
              7
            </Badge>
            <Badge variant="outline" aria-label={t('shell.cart', { count: 2 })}>
              2
            </Badge>
          </>
        ) : (
          <>
            <LiveSwitch />
            <NotificationBell />
          </>
        )}
        <LanguageMenu />
        <ProfileMenu />
      </Box>
    </HStack>
  );
}
