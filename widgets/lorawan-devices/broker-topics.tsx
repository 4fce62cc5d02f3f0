import { Badge, Code, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import type { MqttBrokerStatus } from '../../src/generated/api-types';

/** A plain reading as a number and as JSON, the two forms a data point's topic takes. */
const PLAIN_NUMBER = '21.5';
const PLAIN_JSON = '{"value": 21.5, "ts": "2024-09-30T08:00:00Z"}';

/** Where network servers and devices publish, and whether the server is listening. */
export function BrokerTopics({ broker }: { broker: MqttBrokerStatus }) {
  const { t } = useTranslation('lorawan-devices');
  return (
    <Stack gap="2" aria-label={t('broker.topics')}>
      <HStack>
        <Text fontWeight="medium">{t('broker.title')}</Text>
        {broker.configured ? (
          <Badge colorPalette={broker.connected ? 'green' : 'red'}>
            {broker.connected ? t('broker.connected') : t('broker.notConnected')}
          </Badge>
        ) : (
          <Badge>{t('broker.notConfigured')}</Badge>
        )}
      </HStack>
      {broker.configured ? null : (
        <Text fontSize="sm" color="fg.muted">
          {t('broker.noBroker')}
        </Text>
      )}
      <Text fontSize="sm">
        <Trans
          t={t}
          i18nKey="broker.prefix"
          values={{ prefix: broker.topicPrefix }}
          components={{ code: <Code /> }}
        />
      </Text>
      <TopicList topics={broker.organisationUplinkTopics} label={t('broker.prefixTopics')} />
      <Text fontSize="sm">{t('broker.networkServer')}</Text>
      <TopicList topics={broker.uplinkTopics} label={t('broker.networkServerTopics')} />
      <Text fontSize="sm">
        <Trans
          t={t}
          i18nKey="broker.plainReadings"
          values={{ number: PLAIN_NUMBER, json: PLAIN_JSON }}
          components={{ number: <Code />, json: <Code /> }}
        />
      </Text>
      {broker.dataPointTopics.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('broker.noDataPointTopics')}
        </Text>
      ) : (
        <List.Root ps="5" fontSize="sm">
          {broker.dataPointTopics.map((entry) => (
            <List.Item key={entry.dataPointId}>
              {entry.name}: <Code>{entry.topic}</Code>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

function TopicList({ topics, label }: { topics: string[]; label: string }) {
  return (
    <List.Root ps="5" fontSize="sm" aria-label={label}>
      {topics.map((topic) => (
        <List.Item key={topic}>
          <Code wordBreak="break-all">{topic}</Code>
        </List.Item>
      ))}
    </List.Root>
  );
}
