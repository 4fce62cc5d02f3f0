import { Badge, Box, HStack, Table, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { ChartSeries } from '../../src/generated/api-types';
import { compareWith } from '../shared/change';
import { formatValue } from '../shared/format';
import { seriesColor } from './panels';

const AGGREGATE_LABELS: Record<ChartSeries['aggregate'], string> = {
  sum: 'sum',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
};

/** Min, max, mean, total and coverage of each series, with the previous period's total and the change when comparing. */
/** Memoised: the explorer hands it a deferred answer, and it draws only when that answer changes. */
export const SummaryTable = memo(function SummaryTable({
  series,
  compare,
}: {
  series: readonly ChartSeries[];
  compare: boolean;
}) {
  if (series.length === 0) return null;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label="Summary of each series">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Data point</Table.ColumnHeader>
            <Table.ColumnHeader>Aggregate</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Min</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Max</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Mean</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Coverage</Table.ColumnHeader>
            {compare ? (
              <>
                <Table.ColumnHeader textAlign="end">Previous total</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Change</Table.ColumnHeader>
              </>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {series.map((serie, index) => {
            const { summary, unit } = serie;
            const previous = serie.previous?.summary;
            return (
              <Table.Row key={serie.dataPointId}>
                <Table.Cell>
                  <HStack gap="2">
                    <Box w="2.5" h="2.5" borderRadius="full" bg={seriesColor(index)} flexShrink={0} />
                    <Text>{serie.name}</Text>
                    {serie.virtual ? <Badge size="sm">virtual</Badge> : null}
                  </HStack>
                </Table.Cell>
                <Table.Cell color="fg.muted">{AGGREGATE_LABELS[serie.aggregate]}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.min, unit)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.max, unit)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.mean, unit)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.total, unit)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.coverage, '%', 1)}</Table.Cell>
                {compare ? (
                  <>
                    <Table.Cell textAlign="end">{formatValue(previous?.total, unit)}</Table.Cell>
                    <Table.Cell textAlign="end">{changeText(summary.total, previous?.total)}</Table.Cell>
                  </>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
});

/** "+5.2 %", "−3.0 %"; "new" when the previous total was zero; a dash when there is nothing to compare. */
export function changeText(current: number | null, previous: number | null | undefined): string {
  const comparison = compareWith(current, previous);
  if (comparison.kind === 'previous-zero') return 'new';
  if (comparison.kind === 'no-previous') return '–';
  const sign = comparison.percent > 0 ? '+' : comparison.percent < 0 ? '−' : '±';
  return `${sign}${formatValue(Math.abs(comparison.percent), '%', 1)}`;
}
