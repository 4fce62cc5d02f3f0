import { Badge, Code, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { MqttBrokerStatus } from '../../src/generated/api-types';

/** Where network servers and devices publish, and whether the server is listening. */
export function BrokerTopics({ broker }: { broker: MqttBrokerStatus }) {
  return (
    <Stack gap="2" aria-label="MQTT topics">
      <HStack>
        <Text fontWeight="medium">MQTT broker</Text>
        {broker.configured ? (
          <Badge colorPalette={broker.connected ? 'green' : 'red'}>
            {broker.connected ? 'connected' : 'not connected'}
          </Badge>
        ) : (
          <Badge>not configured</Badge>
        )}
      </HStack>
      {broker.configured ? null : (
        <Text fontSize="sm" color="fg.muted">
          This installation is not connected to an MQTT broker, so it receives no uplinks or readings this way
          yet. Ask your administrator to connect one.
        </Text>
      )}
      <Text fontSize="sm">
        Your organisation's topic prefix is <Code>{broker.topicPrefix}</Code>. Uplinks from The Things Stack
        or ChirpStack published under it reach your devices by DevEUI alone:
      </Text>
      <TopicList topics={broker.organisationUplinkTopics} label="Uplink topics under your prefix" />
      <Text fontSize="sm">
        Uplinks on the network server's own topics reach a device only when its application ID is registered
        with it:
      </Text>
      <TopicList topics={broker.uplinkTopics} label="Network server topics" />
      <Text fontSize="sm">
        Plain readings (<Code>21.5</Code> or <Code>{'{"value": 21.5, "ts": "2024-09-30T08:00:00Z"}'}</Code>)
        under your prefix, one topic per data point:
      </Text>
      {broker.dataPointTopics.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No data point has an MQTT topic yet.
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
