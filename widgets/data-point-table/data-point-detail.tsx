import { Badge, Button, CloseButton, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCan } from '../../src/auth/use-can';
import type { DataPoint } from '../../src/generated/api-types';
import { DeleteDialog } from '../shared/delete-dialog';
import { formatCount, formatDate, formatValue } from '../shared/format';
import { CoverageBar } from './coverage-bar';
import { relativeTime } from './relative-time';

/** Everything known about one data point, opened from its row. */
export function DataPointDetail({
  point,
  now,
  onClose,
  onDeleted,
}: {
  point: DataPoint;
  now: number;
  onClose: () => void;
  /** The point is gone, with its readings; called with its name. */
  onDeleted: (name: string) => void;
}) {
  const { t } = useTranslation('data-point-table');
  // Offered only to a role the server lets delete; a viewer reads the details.
  const canDelete = useCan('deleteDataPoint');
  const [deleting, setDeleting] = useState(false);
  const rows: [string, string][] = [
    [t('detail.on'), point.entityPath.join(' › ')],
    [t('detail.measures'), t('detail.measuresValue', { intent: point.intent, unit: point.unit })],
    [t('detail.kind'), t(`kindLabels.${point.kind}`)],
    [t('detail.source'), point.source],
    [t('detail.expectedEvery'), t('detail.everyMinutes', { minutes: formatCount(point.intervalMinutes) })],
    [t('detail.timeZone'), point.timeZone],
    [t('detail.lastValue'), formatValue(point.lastValue, point.unit)],
    [
      t('detail.lastSeen'),
      point.lastSeen
        ? t('detail.lastSeenValue', {
            date: formatDate(point.lastSeen, true),
            ago: relativeTime(point.lastSeen, now, t),
          })
        : t('relativeTime.never'),
    ],
    [t('detail.readings'), formatValue(point.readings)],
    ...(point.registerMax === null
      ? []
      : ([[t('detail.registerMax'), formatValue(point.registerMax)]] as [string, string][])),
    ...(point.mqttTopic === null ? [] : ([[t('detail.mqttTopic'), point.mqttTopic]] as [string, string][])),
    [t('detail.id'), String(point.id)],
  ];
  return (
    <Stack
      as="section"
      aria-label={t('detail.label', { name: point.name })}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <HStack justify="space-between">
        <Heading as="h3" size="sm">
          {point.name} <Badge>{point.source}</Badge>
        </Heading>
        <CloseButton size="sm" aria-label={t('detail.close')} onClick={onClose} />
      </HStack>
      {point.openSteps > 0 ? (
        <Text role="status" fontSize="sm" color="fg.warning">
          {t('steps.pointWarning', { number: point.openSteps })}
        </Text>
      ) : null}
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          {t('detail.coverage')}
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
          {t('detail.noReadings')}{' '}
          <Button asChild size="xs" variant="outline">
            <RouterLink to="/devices/onboard">{t('detail.connect')}</RouterLink>
          </Button>
        </Text>
      ) : null}
      {canDelete ? (
        <HStack>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
            {t('detail.delete', { name: point.name })}
          </Button>
        </HStack>
      ) : null}
      {deleting ? (
        <DeleteDialog
          target={{ kind: 'dataPoint', id: point.id }}
          onDeleted={(deletion) => onDeleted(deletion.name)}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </Stack>
  );
}
