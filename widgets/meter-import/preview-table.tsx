import { Badge, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GetDataImportResponse } from '../../src/generated/api-types';
import { formatValue } from '../shared/format';
import { ScrollRegion } from '../shared/scroll-region';
import { formatInZone, formatUtc } from './mapping';

type DryRun = Pick<GetDataImportResponse, 'preview' | 'dataPoints'>;

/**
 * The dry run's first rows as they will be stored: each time in its data
 * point's own zone (the zone its days and hours are counted in, named in the
 * header) and in UTC, each value with the decimals the file gave it.
 */
export function PreviewTable({ result }: { result: DryRun }) {
  const { t } = useTranslation('meter-import');
  const zones = new Map(result.dataPoints.map((point) => [point.id, point.timeZone]));
  // Every previewed row's point is among the dry run's data points; UTC only if an answer ever says otherwise.
  const zoneOf = (pointId: number) => zones.get(pointId) ?? 'UTC';
  const shownZones = new Set(result.preview.map((row) => zoneOf(row.dataPointId)));
  const [onlyZone] = shownZones;
  const oneZone = shownZones.size === 1 ? onlyZone : undefined;
  return (
    <ScrollRegion label={t('preview.region')} borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('preview.row')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('preview.dataPoint')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              {oneZone ? t('preview.localTime', { zone: oneZone }) : t('preview.localTimeEach')}
            </Table.ColumnHeader>
            <Table.ColumnHeader>UTC</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('preview.value')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('preview.quality')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {result.preview.map((row) => (
            <Table.Row key={`${row.row}-${row.dataPointId}`} data-testid="preview-row">
              <Table.Cell>{row.row}</Table.Cell>
              <Table.Cell>{row.dataPointName}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {formatInZone(row.ts, zoneOf(row.dataPointId))}
                {oneZone ? null : (
                  <Text as="span" display="block" fontSize="xs" color="fg.muted">
                    {zoneOf(row.dataPointId)}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatUtc(row.ts)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatValue(row.value, row.unit, row.decimals)}
              </Table.Cell>
              <Table.Cell>
                {row.estimated ? (
                  <Badge colorPalette="orange">{t('preview.estimated')}</Badge>
                ) : (
                  t('preview.measured')
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollRegion>
  );
}
