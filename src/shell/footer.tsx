import { Box, Button, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../settings/settings';

const LINKS = ['about', 'documentation', 'support', 'status'] as const;

/** The footer variants of spec §2, v1 to v4. Their links are the template's placeholders; the subscribe box does nothing, as specified. */
export function Footer({ variant, logo }: { variant: Settings['layoutFooter']; logo: string }) {
  const { t } = useTranslation();
  if (variant === 'noFooter') return null;
  const copyright = (
    <Text>
      © {new Date().getFullYear()} {logo}
    </Text>
  );
  const links = (
    <HStack gap="4" wrap="wrap">
      {LINKS.map((key) => (
        <Link key={key} href="#" onClick={(event) => event.preventDefault()} color="fg.muted">
          {t(`footer.${key}`)}
        </Link>
      ))}
    </HStack>
  );
  return (
    <Box as="footer" borderTopWidth="1px" px="6" py="4" fontSize="sm" color="fg.muted" data-footer={variant}>
      {variant === 'v1' ? copyright : null}
      {variant === 'v2' ? (
        <HStack justify="space-between" wrap="wrap">
          {links}
          {copyright}
        </HStack>
      ) : null}
      {variant === 'v3' ? (
        <Stack gap="3">
          <SubscribeBox />
          <HStack justify="space-between" wrap="wrap">
            {links}
            {copyright}
          </HStack>
        </Stack>
      ) : null}
      {variant === 'v4' ? (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Stack>{copyright}</Stack>
          <Stack>{links}</Stack>
          <SubscribeBox />
        </SimpleGrid>
      ) : null}
    </Box>
  );
}

/** The template's e-mail subscribe box: it takes an address and does nothing with it (spec §2). */
function SubscribeBox() {
  const { t } = useTranslation();
  const ignore = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  return (
    <form onSubmit={ignore} aria-label={t('footer.subscribe')}>
      <HStack maxW="sm">
        <Input
          size="sm"
          type="email"
          placeholder={t('footer.yourEmail')}
          aria-label={t('footer.newsletterEmail')}
        />
        <Button size="sm" type="submit" variant="outline">
          {t('footer.subscribe')}
        </Button>
      </HStack>
    </form>
  );
}
