import { Box, Button, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { Settings } from '../settings/settings';

const LINKS = ['About', 'Documentation', 'Support', 'Status'];

/** The footer variants of spec §2, v1 to v4. Their links are the template's placeholders; the subscribe box does nothing, as specified. */
export function Footer({ variant, logo }: { variant: Settings['layoutFooter']; logo: string }) {
  if (variant === 'noFooter') return null;
  const copyright = (
    <Text>
      © {new Date().getFullYear()} {logo}
    </Text>
  );
  const links = (
    <HStack gap="4" wrap="wrap">
      {LINKS.map((label) => (
        <Link key={label} href="#" onClick={(event) => event.preventDefault()} color="fg.muted">
          {label}
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
  const ignore = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  return (
    <form onSubmit={ignore} aria-label="Subscribe">
      <HStack maxW="sm">
        <Input size="sm" type="email" placeholder="Your e-mail" aria-label="E-mail for the newsletter" />
        <Button size="sm" type="submit" variant="outline">
          Subscribe
        </Button>
      </HStack>
    </form>
  );
}
