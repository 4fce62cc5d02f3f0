import { Badge, Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { ProfileMenu } from '../app/profile-menu';

interface TopBarProps {
  logo: string;
  onToggleMenu: () => void;
  menuOpen: boolean;
}

/** The top bar: menu toggle, logo, the trialing badge and the template's placeholder counts, the profile menu. */
export function TopBar({ logo, onToggleMenu, menuOpen }: TopBarProps) {
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
