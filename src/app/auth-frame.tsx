import { Box, Center, Container, Link, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { settingsAtom } from '../settings/settings-atoms';
import { LanguageMenuOnDemand } from '../shell/language-menu-on-demand';

/** The public pages' frame: the page's card centred, and the copyright footer with a privacy link (spec §2). */
export function AuthFrame() {
  const { t } = useTranslation();
  const { logo } = useAtomValue(settingsAtom);
  return (
    <Stack minH="100vh" justify="space-between">
      <Center flex="1" py="10" px="4">
        <Box w="full" maxW="md">
          <Text fontWeight="bold" color="brand.fg" fontSize="xl" mb="4" textAlign="center">
            {logo}
          </Text>
          <FadingOutlet />
        </Box>
      </Center>
      <Container as="footer" py="4" textAlign="center" fontSize="sm" color="fg.muted">
        © {new Date().getFullYear()} {logo} ·{' '}
        <Link href="/privacy.html" color="fg.muted">
          {t('shell.privacy')}
        </Link>{' '}
        · <LanguageMenuOnDemand />
      </Container>
    </Stack>
  );
}

/**
 * Each public page fades in over 300 ms (spec §9), by CSS: the signed-in
 * pages' animations (route-transition.tsx) load with the signed-in frame,
 * and the login page, the first page most people load, goes without them.
 */
function FadingOutlet() {
  const { pathname } = useLocation();
  return (
    <Box key={pathname} animation="fade-in 300ms ease-out">
      <Outlet />
    </Box>
  );
}
