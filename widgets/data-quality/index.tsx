import { Badge, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type DataQuality, type PointQuality, useDataQuality } from '../../src/data/data-quality';
import { usePeriod } from '../../src/data/page-period';
import type { WidgetProps } from '../../src/engine/widget-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { formatCount, formatValue } from '../shared/format';
import { periodText } from '../shared/period-text';

/** Readings at least this complete count as complete: a reading or two lost in a month is not worth a look. */
const COMPLETE_PERCENT = 99;

/**
 * How far the readings can be trusted over a period: each data point's
 * coverage and hours without a reading, the least complete first, and the
 * register steps flagged in the period. A report's data quality page.
 */
export default function DataQualityWidget({ data }: WidgetProps<'data-quality'>) {
  const { t } = useTranslation('data-quality');
  const { t: shared } = useTranslation('shared');
  const period = usePeriod(data.period, 'month');
  const state = fromQuery(useDataQuality({ period, intent: data.intent }));
  const during = periodText(shared, period).during;
  return (
    <DataState state={state} what={t('what')}>
      {(quality) =>
        quality.points.length === 0 ? (
          <Text color="fg.muted" role="status">
            {t('noPoints')}
          </Text>
        ) : (
          <QualityView quality={quality} during={during} limit={data.limit ?? 20} />
        )
      }
    </DataState>
  );
}

function QualityView({ quality, during, limit }: { quality: DataQuality; during: string; limit: number }) {
  const { t } = useTranslation('data-quality');
  const { points } = quality;
  const complete = points.filter((point) => point.coverage >= COMPLETE_PERCENT).length;
  const mean = points.reduce((sum, point) => sum + point.coverage, 0) / points.length;
  const flagged = points.reduce((sum, point) => sum + point.steps.flagged, 0);
  const listed = points.slice(0, limit);
  return (
    <Stack gap="3">
      <Text textStyle="sm" data-testid="quality-summary">
        {t('summary', {
          period: during,
          complete: formatCount(complete),
          count: points.length,
          coverage: formatValue(mean, '%', 1),
        })}{' '}
        {t('flagged', { count: flagged })}
      </Text>
      <Table.Root size="sm" aria-label={t('what')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('table.dataPoint')}</Table.ColumnHeader>
            <Table.ColumnHeader minW="32">{t('table.coverage')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('table.hoursMissing')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('table.steps')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {listed.map((point) => (
            <PointRow key={point.id} point={point} />
          ))}
        </Table.Body>
      </Table.Root>
      {points.length > listed.length ? (
        <Text textStyle="sm" color="fg.muted">
          {t('more', { count: points.length - listed.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

function PointRow({ point }: { point: PointQuality }) {
  const { t } = useTranslation('data-quality');
  const coverage = formatValue(point.coverage, '%', 1);
  const palette = point.coverage >= COMPLETE_PERCENT ? 'green' : point.coverage >= 90 ? 'orange' : 'red';
  return (
    <Table.Row>
      <Table.Cell>{point.name}</Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <Text textStyle="sm">{coverage}</Text>
          <Progress.Root
            value={point.coverage}
            size="xs"
            colorPalette={palette}
            aria-label={t('coverageOf', { name: point.name, coverage })}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end">{formatCount(point.hoursMissing)}</Table.Cell>
      <Table.Cell textAlign="end">
        {point.steps.flagged === 0 ? (
          '0'
        ) : (
          <Badge colorPalette={point.steps.open > 0 ? 'orange' : 'gray'}>
            {t('steps', { count: point.steps.flagged, open: point.steps.open })}
          </Badge>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
