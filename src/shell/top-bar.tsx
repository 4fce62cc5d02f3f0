import { Badge, Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { ProfileMenu } from '../app/profile-menu';

interface TopBarProps {
  logo: string;
  onToggleMenu: () => void;
  menuOpen: boolean;
  onToggleThemeOptions: () => void;
  onOpenSettings: () => void;
}

/** The top bar: menu toggle, logo, the trialing badge and the template's placeholder counts, the profile menu. */
export function TopBar({ logo, onToggleMenu, menuOpen, onToggleThemeOptions, onOpenSettings }: TopBarProps) {
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
        aria-label={menuOpen ? 'Collapse the menu' : 'Open the menu'}
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
        trialing
      </Badge>
      <Box ml="auto" display="flex" alignItems="center" gap="3">
        <IconButton
          aria-label="Layout configuration"
          variant="ghost"
          size="sm"
          onClick={onToggleThemeOptions}
        >
          <span aria-hidden="true">◐</span>
        </IconButton>
        <IconButton aria-label="Settings" variant="ghost" size="sm" onClick={onOpenSettings}>
          <span aria-hidden="true">⚙</span>
        </IconButton>
        <Badge variant="outline" aria-label="7 notifications">
          7
        </Badge>
        <Badge variant="outline" aria-label="2 items in the cart">
          2
        </Badge>
        <ProfileMenu />
      </Box>
    </HStack>
  );
}
