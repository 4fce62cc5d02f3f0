import { Badge, Box, HStack, Table, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CO2_UNIT } from '../../src/data/measure';
import type { ChartSeries, PointCost } from '../../src/generated/api-types';
import { compareWith, signedPercent } from '../shared/change';
import { formatValue } from '../shared/format';
import { seriesColor } from './panels';

/** Min, max, mean, total and coverage of each series, with the previous period's total and the change when comparing. */
/** Memoised: the explorer hands it a deferred answer, and it draws only when that answer changes. */
export const SummaryTable = memo(function SummaryTable({
  series,
  compare,
  costs,
}: {
  series: readonly ChartSeries[];
  compare: boolean;
  /** What each consumption series cost over the period, by its tariff; the columns show once any is known. */
  costs: ReadonlyMap<number, PointCost>;
}) {
  const { t } = useTranslation('data-explorer');
  if (series.length === 0) return null;
  const priced = costs.size > 0;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label={t('summary.label')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('summary.dataPoint')}</Table.ColumnHeader>
            {/* Beside the name, where a narrow table shows them without scrolling: they are what was asked for. */}
            {priced ? (
              <>
                <Table.ColumnHeader textAlign="end">{t('summary.cost')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('summary.co2')}</Table.ColumnHeader>
              </>
            ) : null}
            <Table.ColumnHeader>{t('summary.aggregate')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('summary.min')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('summary.max')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('summary.mean')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('summary.total')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('summary.coverage')}</Table.ColumnHeader>
            {compare ? (
              <>
                <Table.ColumnHeader textAlign="end">{t('summary.previousTotal')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('summary.change')}</Table.ColumnHeader>
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
                    {serie.virtual ? <Badge size="sm">{t('virtualBadge')}</Badge> : null}
                  </HStack>
                </Table.Cell>
                {priced ? <CostCells cost={costs.get(serie.dataPointId)} /> : null}
                <Table.Cell color="fg.muted">{t(`aggregateName.${serie.aggregate}`)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.min, unit)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.max, unit)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.mean, unit)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.total, unit)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(summary.coverage, '%', 1)}</Table.Cell>
                {compare ? (
                  <>
                    <Table.Cell textAlign="end">{formatValue(previous?.total, unit)}</Table.Cell>
                    <Table.Cell textAlign="end">{changeText(summary.total, previous?.total, t)}</Table.Cell>
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

/** A series' cost and CO2 over the period; a dash for what no tariff prices, or what is not consumption. */
function CostCells({ cost }: { cost: PointCost | undefined }) {
  const { t } = useTranslation('data-explorer');
  if (!cost || cost.currency === null) {
    const why = cost ? t('summary.noTariff') : undefined;
    return (
      <>
        <Table.Cell textAlign="end" color="fg.muted" title={why}>
          {why ?? '–'}
        </Table.Cell>
        <Table.Cell textAlign="end" color="fg.muted">
          –
        </Table.Cell>
      </>
    );
  }
  return (
    <>
      <Table.Cell textAlign="end">{formatValue(cost.total, cost.currency, 2)}</Table.Cell>
      <Table.Cell textAlign="end">{formatValue(cost.co2Kg, CO2_UNIT, 0)}</Table.Cell>
    </>
  );
}

/** "+5.2 %", "−3.0 %"; "new" when the previous total was zero; a dash when there is nothing to compare. */
export function changeText(
  current: number | null,
  previous: number | null | undefined,
  t: TFunction,
): string {
  const comparison = compareWith(current, previous);
  if (comparison.kind === 'previous-zero') return t('summary.new');
  if (comparison.kind === 'no-previous') return '–';
  return signedPercent(comparison.percent);
}
