import { Alert, Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RestApiCreateResponse } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { curlExample } from './curl-example';

/** The new key's secret, shown this once (only its hash is kept), with a copy button and a first push to try. */
export function NewKeySecret({
  created,
  baseUrl,
  onDone,
}: {
  created: RestApiCreateResponse;
  baseUrl: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('api-keys');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      notify.warning(t('secret.copyRefused'));
    }
  };
  return (
    <Stack
      as="section"
      aria-label={t('secret.label', { name: created.apiKey.name })}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t('secret.warning')}</Alert.Title>
      </Alert.Root>
      <HStack align="center" gap="2" wrap="wrap">
        <Code data-testid="new-key-secret" fontSize="sm" wordBreak="break-all" p="2">
          {created.secret}
        </Code>
        <Button size="sm" onClick={copy}>
          {copied ? t('secret.copied') : t('secret.copy')}
        </Button>
      </HStack>
      <Text fontSize="sm">{t('secret.tryIt')}</Text>
      <Box
        as="pre"
        data-testid="curl-example"
        fontSize="xs"
        bg="bg.muted"
        p="3"
        borderRadius="md"
        overflowX="auto"
      >
        {curlExample(baseUrl, created.secret, t('secret.exampleDataPoint'))}
      </Box>
      <Button alignSelf="start" size="sm" variant="outline" onClick={onDone}>
        {t('secret.done')}
      </Button>
    </Stack>
  );
}
