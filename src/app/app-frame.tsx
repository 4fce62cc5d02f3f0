import { Box, Link as ChakraLink, Container, HStack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { APP_NAME } from './page-title';
import { ProfileMenu } from './profile-menu';
import { AnimatedOutlet } from './route-transition';

const LINKS = [
  { to: '/', label: 'Overview' },
  { to: '/users', label: 'Users' },
  { to: '/organisation', label: 'Organisation' },
  { to: '/billing', label: 'Billing' },
  { to: '/playground', label: 'Layout playground' },
];

/** A plain frame around the signed-in pages until the product shell (menus, settings) arrives. */
export function AppFrame() {
  return (
    <Box minH="100vh">
      <Box as="header" bg="bg" borderBottomWidth="1px">
        <Container maxW="8xl" py="3">
          <HStack gap="6">
            <Text fontWeight="bold" color="brand.fg" fontSize="lg">
              {APP_NAME}
            </Text>
            <HStack as="nav" gap="4" aria-label="Main">
              {LINKS.map((link) => (
                <ChakraLink
                  key={link.to}
                  asChild
                  fontSize="sm"
                  _currentPage={{ fontWeight: 'semibold', color: 'brand.fg' }}
                >
                  <NavLink to={link.to} end>
                    {link.label}
                  </NavLink>
                </ChakraLink>
              ))}
            </HStack>
            <Box ml="auto">
              <ProfileMenu />
            </Box>
          </HStack>
        </Container>
      </Box>
      <Container as="main" maxW="8xl" py="6">
        <AnimatedOutlet animation="slide-fadein-up" />
      </Container>
    </Box>
  );
}
