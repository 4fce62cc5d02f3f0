import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RestApiCreateResponse } from '../../src/generated/api-types';
import { ShownOnce } from '../shared/shown-once';
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
  return (
    <ShownOnce
      secret={created.secret}
      testId="new-key-secret"
      onDone={onDone}
      words={{
        label: t('secret.label', { name: created.apiKey.name }),
        warning: t('secret.warning'),
        copy: t('secret.copy'),
        copied: t('secret.copied'),
        copyRefused: t('secret.copyRefused'),
        done: t('secret.done'),
      }}
    >
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
    </ShownOnce>
  );
}
