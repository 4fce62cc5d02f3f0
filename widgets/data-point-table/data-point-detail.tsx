import { Badge, Button, CloseButton, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { DataPoint } from '../../src/generated/api-types';
import { formatDate, formatValue } from '../shared/format';
import { CoverageBar } from './coverage-bar';
import { relativeTime } from './relative-time';

const KIND_LABELS = {
  cumulative: 'Meter register',
  interval: 'Per interval',
  instantaneous: 'Instantaneous',
};

/** Everything known about one data point, opened from its row. */
export function DataPointDetail({
  point,
  now,
  onClose,
}: {
  point: DataPoint;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ['On', point.entityPath.join(' › ')],
    ['Measures', `${point.intent} in ${point.unit}`],
    ['Kind', KIND_LABELS[point.kind]],
    ['Source', point.source],
    ['Expected every', `${point.intervalMinutes} min`],
    ['Time zone', point.timeZone],
    ['Last value', formatValue(point.lastValue, point.unit)],
    [
      'Last seen',
      point.lastSeen ? `${formatDate(point.lastSeen, true)} (${relativeTime(point.lastSeen, now)})` : 'never',
    ],
    ['Readings stored', formatValue(point.readings)],
    ...(point.registerMax === null
      ? []
      : ([['Register rolls over after', formatValue(point.registerMax)]] as [string, string][])),
    ...(point.mqttTopic === null ? [] : ([['MQTT topic', point.mqttTopic]] as [string, string][])),
    ['Id (for REST pushes)', String(point.id)],
  ];
  return (
    <Stack
      as="section"
      aria-label={`Details of ${point.name}`}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <HStack justify="space-between">
        <Heading as="h3" size="sm">
          {point.name} <Badge>{point.source}</Badge>
        </Heading>
        <CloseButton size="sm" aria-label="Close details" onClick={onClose} />
      </HStack>
      {point.openSteps > 0 ? (
        <Text role="status" fontSize="sm" color="fg.warning">
          {t('registerSteps.pointWarning', { number: point.openSteps })}
        </Text>
      ) : null}
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          Coverage over the last 30 complete days
        </Text>
        <CoverageBar percent={point.coverage} readings={point.readings} />
      </Stack>
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {point.readings === 0 ? (
        <Text fontSize="sm">
          No readings yet. Import a meter file, or push readings with an API key from the onboarding page.{' '}
          <Button asChild size="xs" variant="outline">
            <RouterLink to="/devices/onboard">Connect data</RouterLink>
          </Button>
        </Text>
      ) : null}
    </Stack>
  );
}
