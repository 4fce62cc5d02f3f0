import { Bar, type BarDatum, type BarTooltipProps } from '@nivo/bar';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartTheme } from '../shared/chart-theme';
import { formatValue } from '../shared/format';
import type { PlotMargin } from './brush';
import { formatBucket, formatBucketTick, type ServedResolution } from './bucket-time';
import { ChartTooltip } from './chart-tooltip';
import { type Panel, panelBuckets } from './panels';

export const BAR_MARGIN: PlotMargin = { top: 12, right: 16, bottom: 36, left: 64 };
/** The previous period's bars: the series' colour, lighter (hex alpha). */
const PREVIOUS_ALPHA = '66';

/**
 * One unit's consumption per day, week or month as bars, side by side per
 * bucket; a bucket without data has no bar (never a bar of zero).
 */
export function BarPanel({
  panel,
  width,
  height,
  resolution,
}: {
  panel: Panel;
  width: number;
  height: number;
  resolution: ServedResolution;
}) {
  const { t } = useTranslation('data-explorer');
  const buckets = useMemo(() => panelBuckets(panel.series), [panel.series]);
  const rows = useMemo(() => barRows(panel, buckets), [panel, buckets]);
  const byKey = useMemo(() => new Map(panel.series.map((serie) => [serie.key, serie])), [panel.series]);
  const keys = panel.series.map((serie) => serie.key);
  const plotWidth = width - BAR_MARGIN.left - BAR_MARGIN.right;
  const every = Math.max(1, Math.ceil(buckets.length / Math.max(2, Math.floor(plotWidth / 80))));
  const ticks = buckets.filter((_, index) => index % every === 0).map(String);

  return (
    <Bar<BarDatum>
      data={rows}
      keys={keys}
      indexBy="bucket"
      width={width}
      height={height}
      margin={BAR_MARGIN}
      groupMode="grouped"
      padding={0.2}
      innerPadding={1}
      colors={({ id }) => {
        const serie = byKey.get(String(id));
        if (!serie) return '#868e96';
        return serie.previous ? `${serie.color}${PREVIOUS_ALPHA}` : serie.color;
      }}
      theme={chartTheme}
      enableLabel={false}
      animate={false}
      role="presentation"
      axisBottom={{ tickValues: ticks, format: (value) => formatBucketTick(Number(value), resolution) }}
      axisLeft={{
        legend: panel.unit,
        legendOffset: -56,
        legendPosition: 'middle',
        tickValues: 5,
        format: (value) => formatValue(Number(value)),
      }}
      tooltip={({ id, value, indexValue }: BarTooltipProps<BarDatum>) => {
        const serie = byKey.get(String(id));
        return (
          <ChartTooltip
            color={serie?.color ?? '#868e96'}
            name={serie?.name ?? String(id)}
            value={formatValue(value, serie?.unit)}
            time={formatBucket(Number(indexValue), resolution, t)}
          />
        );
      }}
    />
  );
}

/** One row per bucket with each series' value; null stays null, and nivo leaves such a bar out. */
export function barRows(panel: Panel, buckets: readonly number[]): BarDatum[] {
  const columns = panel.series.map((serie) => {
    const values = new Map<number, number | null>();
    serie.points.t.forEach((time, index) => {
      values.set(time, serie.points.v[index] ?? null);
    });
    return [serie.key, values] as const;
  });
  return buckets.map((bucket) => {
    const row: Record<string, string | number | null> = { bucket: String(bucket) };
    for (const [key, values] of columns) row[key] = values.get(bucket) ?? null;
    return row as BarDatum;
  });
}
