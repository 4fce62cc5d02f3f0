import { Box, Stack, Text } from '@chakra-ui/react';
import { Bar } from '@nivo/bar';
import { Line } from '@nivo/line';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSeries } from '../../src/data/chart-series';
import { costResolution } from '../../src/data/cost-series';
import { usePeriod } from '../../src/data/page-period';
import type { Resolution } from '../../src/data/resolution';
import type { WidgetData, WidgetProps } from '../../src/engine/widget-types';
import type { ChartSeries } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { ChartBox } from '../shared/chart-box';
import { CHART_COLORS, chartColour, chartTheme, DEFAULT_CHART_HEIGHT } from '../shared/chart-theme';
import { formatDate, formatValue } from '../shared/format';
import { intentInline } from '../shared/intent-text';
import { missingText, nameList, noPointsText } from '../shared/missing-text';
import { NextSteps } from '../shared/next-steps';
import { periodText } from '../shared/period-text';
import { ticksThatFit, timeAxis } from '../shared/time-ticks';
import { useUnmatchedTagsText } from '../shared/use-unmatched-tags-text';
import {
  bucketLabel,
  chooseDisplay,
  commonUnit,
  defaultResolution,
  hasValues,
  type LineSerie,
  sparseTicks,
  timeDomain,
  timeTickFormat,
  toBarRows,
  toLineSeries,
} from './series';

type ChartData = WidgetData<'consumption-chart'>;

/** Room for the axes around the bars or lines. */
const MARGIN = { top: 12, right: 16, bottom: 40, left: 64 };

/** More lines than this cannot be told apart; the caption says how many are left out. */
const MAX_SERIES = 20;

/** Consumption (or any readings) over a period (its own, else the page's) from live data: bars per bucket, or lines. */
export default function ConsumptionChartWidget({ data }: WidgetProps<'consumption-chart'>) {
  const { t } = useTranslation('consumption-chart');
  const { t: shared } = useTranslation('shared');
  const period = usePeriod(data.period, '30d');
  const measure = data.measure ?? 'consumption';
  const chosen = data.resolution ?? defaultResolution(period);
  // Tariffs price whole hours, days and months.
  const resolution = measure === 'consumption' ? chosen : costResolution(chosen);
  const display = chooseDisplay(data.display, resolution);
  const height = data.height ?? DEFAULT_CHART_HEIGHT;
  const state = fromQuery(
    useSeries({
      dataPoints: data.dataPoints,
      intent: data.intent,
      unit: data.unit,
      tags: data.tags,
      period,
      resolution,
      aggregate: data.aggregate,
      ...(measure === 'consumption' ? {} : { measure }),
      // Bars need every bucket; a line is reduced to what its pixels can show.
      width: display === 'bars' ? 4000 : 1200,
      limit: MAX_SERIES,
    }),
  );
  const what = data.intent
    ? t('what.intent', { intent: intentInline(shared, data.intent) })
    : t('what.chart');
  const during = periodText(shared, period).during;
  const untaggedText = useUnmatchedTagsText();
  return (
    <DataState state={state} what={what}>
      {({ series, from, missing, leftOut, unmatchedTags, unpricedPoints }) => {
        const notes = [
          missingText(shared, missing),
          untaggedText(data.intent, unmatchedTags),
          leftOut > 0 ? t('leftOut', { count: leftOut }) : '',
          unpricedPoints ? t('unpriced', { count: unpricedPoints }) : '',
        ]
          .filter(Boolean)
          .join(' ');
        if (!hasValues(series)) {
          return (
            <Stack gap="1" role="status">
              <Text color="fg.muted">
                {series.length === 0 && !data.dataPoints
                  ? noPointsText(shared, data.intent, data.unit)
                  : t('noReadings', { period: during })}
              </Text>
              {notes ? <Text textStyle="sm">{notes}</Text> : null}
              {series.length === 0 && !data.dataPoints ? <NextSteps /> : null}
            </Stack>
          );
        }
        const unit = commonUnit(series);
        const resolutionText = t(`resolution.${resolution}`);
        return (
          <Stack gap="2">
            <Text textStyle="sm" color="fg.muted">
              {unit
                ? t('captionUnit', { resolution: resolutionText, period: during, unit })
                : t('caption', { resolution: resolutionText, period: during })}
            </Text>
            {display === 'bars' ? (
              <Bars
                series={series}
                from={from}
                resolution={resolution}
                unit={unit}
                height={height}
                data={data}
              />
            ) : (
              <Lines series={series} unit={unit} height={height} />
            )}
            {series.length > 1 ? <Legend names={series.map((serie) => serie.name)} /> : null}
            {notes ? <Text textStyle="sm">{notes}</Text> : null}
          </Stack>
        );
      }}
    </DataState>
  );
}

/** Which colour is which data point, in the chart's order. */
function Legend({ names }: { names: string[] }) {
  return (
    <Box as="ul" display="flex" flexWrap="wrap" columnGap="4" rowGap="1" listStyleType="none" fontSize="sm">
      {names.map((name, index) => (
        <Box as="li" key={name} display="flex" alignItems="center" gap="1.5">
          <Box w="3" h="3" borderRadius="sm" flexShrink="0" style={{ background: chartColour(index) }} />
          {name}
        </Box>
      ))}
    </Box>
  );
}

/** "Bar chart of A, B in kWh"; `t` reads the consumption-chart strings, `shared` the shared ones. */
function describe(
  t: TFunction,
  shared: TFunction,
  kind: 'bars' | 'lines',
  series: readonly ChartSeries[],
  unit: string | undefined,
): string {
  const names = nameList(
    shared,
    series.map((serie) => serie.name),
  );
  return unit ? t(`chart.${kind}Unit`, { names, unit }) : t(`chart.${kind}`, { names });
}

function Bars({
  series,
  from,
  resolution,
  unit,
  height,
  data,
}: {
  series: ChartSeries[];
  from: Date;
  resolution: Resolution;
  unit: string | undefined;
  height: number;
  data: ChartData;
}) {
  const { t } = useTranslation('consumption-chart');
  const { t: shared } = useTranslation('shared');
  const rows = toBarRows(series, resolution, from);
  const unitOf = new Map(series.map((serie) => [serie.name, serie.unit]));
  // Adding up different units means nothing: side by side then.
  const groupMode = unit === undefined ? 'grouped' : (data.groupMode ?? 'stacked');
  return (
    <ChartBox h={`${height}px`} role="img" aria-label={describe(t, shared, 'bars', series, unit)}>
      {(size) => (
        <Bar
          {...size}
          data={rows}
          keys={series.map((serie) => serie.name)}
          indexBy="bucket"
          groupMode={groupMode}
          margin={MARGIN}
          padding={0.2}
          colors={CHART_COLORS}
          theme={chartTheme}
          role="presentation"
          enableLabel={false}
          valueFormat={(value) => formatValue(value, unit, 1)}
          axisLeft={{ legend: unit, legendOffset: -56, legendPosition: 'middle', tickValues: 5 }}
          axisBottom={{
            format: (bucket) => bucketLabel(String(bucket), resolution, t),
            // As many as fit the axis: on a phone, a label every few bars.
            tickValues: sparseTicks(
              rows.map((row) => row.bucket),
              ticksThatFit(size.width - MARGIN.left - MARGIN.right, '%b %d'),
            ),
          }}
          tooltip={({ id, value, indexValue, color }) => (
            <ChartTooltip
              color={color}
              name={String(id)}
              when={bucketLabel(String(indexValue), resolution, t)}
              value={formatValue(value, unitOf.get(String(id)), 2)}
            />
          )}
        />
      )}
    </ChartBox>
  );
}

function Lines({
  series,
  unit,
  height,
}: {
  series: ChartSeries[];
  unit: string | undefined;
  height: number;
}) {
  const { t } = useTranslation('consumption-chart');
  const { t: shared } = useTranslation('shared');
  const lines = toLineSeries(series);
  const unitOf = new Map(series.map((serie) => [serie.name, serie.unit]));
  return (
    <ChartBox h={`${height}px`} role="img" aria-label={describe(t, shared, 'lines', series, unit)}>
      {(size) => (
        <Line<LineSerie>
          {...size}
          data={lines}
          margin={MARGIN}
          xScale={{ type: 'time', format: 'native', precision: 'minute' }}
          yScale={{ type: 'linear', min: 'auto', max: 'auto', stacked: false }}
          yFormat={(value) => formatValue(value as number, unit, 2)}
          colors={CHART_COLORS}
          theme={chartTheme}
          enablePoints={false}
          enableGridX={false}
          axisBottom={timeAxisOf(series, size.width - MARGIN.left - MARGIN.right)}
          axisLeft={{ legend: unit, legendOffset: -56, legendPosition: 'middle', tickValues: 5 }}
          useMesh
          role="presentation"
          tooltip={({ point }) => (
            <ChartTooltip
              color={point.seriesColor}
              name={String(point.seriesId)}
              when={formatDate(point.data.x.getTime(), true)}
              value={formatValue(point.data.y, unitOf.get(String(point.seriesId)), 2)}
            />
          )}
        />
      )}
    </ChartBox>
  );
}

function ChartTooltip({
  color,
  name,
  when,
  value,
}: {
  color: string;
  name: string;
  when: string;
  value: string;
}) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="sm" px="2" py="1" boxShadow="sm" fontSize="xs">
      <Box display="flex" alignItems="center" gap="1.5">
        <Box w="2.5" h="2.5" borderRadius="full" style={{ background: color }} />
        <Text fontWeight="medium">{name}</Text>
      </Box>
      <Text color="fg.muted">{when}</Text>
      <Text>{value}</Text>
    </Box>
  );
}

/** The series' time axis, its width less the chart's margins. */
function timeAxisOf(series: ChartSeries[], width: number) {
  const [first, last] = timeDomain(series);
  return timeAxis(first, last, timeTickFormat(series), width);
}
