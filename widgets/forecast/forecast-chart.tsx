import { Stack } from '@chakra-ui/react';
import { Line, type LineCustomSvgLayerProps, type LineSvgProps } from '@nivo/line';
import { useTranslation } from 'react-i18next';
import type { ForecastResponse } from '../../src/generated/api-types';
import { ChartBox } from '../shared/chart-box';
import { ChartKey } from '../shared/chart-key';
import { CHART_COLORS, chartTheme, DEFAULT_CHART_HEIGHT } from '../shared/chart-theme';
import { formatValue } from '../shared/format';
import type { NivoSerie } from '../shared/nivo-series';
import { tickFormatForSpan } from '../shared/nivo-series';
import { timeAxis } from '../shared/time-ticks';

const MARGIN = { top: 12, right: 16, bottom: 40, left: 64 };
const FORECAST_COLOUR = CHART_COLORS[0] as string;
// Orange: as plain to see on the dark theme's paper as on the light one, where a dark grey vanished.
const READING_COLOUR = CHART_COLORS[1] as string;
const OUTSIDE_COLOUR = '#e03131';

type Scale = (value: Date | number) => number;

/**
 * The forecast as a line within its shaded 90 % interval, the readings over
 * it where there are some, and each reading outside the interval marked red:
 * where the building did not do what its own history says it would.
 */
export function ForecastChart({ answer }: { answer: ForecastResponse }) {
  const { t } = useTranslation('forecast');
  const unit = answer.dataPoint.unit;
  const steps = answer.points.map((step) => ({ ...step, at: new Date(step.t) }));
  const series: NivoSerie[] = [
    { id: t('chart.forecast'), data: steps.map((step) => ({ x: step.at, y: step.forecast })) },
  ];
  // Days still to come have no readings: a line of nothing but gaps is no line (nivo draws it as "null").
  if (steps.some((step) => step.actual !== null))
    series.push({ id: t('chart.readings'), data: steps.map((step) => ({ x: step.at, y: step.actual })) });
  const first = steps[0]?.at.getTime() ?? 0;
  const last = steps.at(-1)?.at.getTime() ?? first;
  const low = Math.min(...steps.map((step) => Math.min(step.lower, step.actual ?? step.lower)));
  const high = Math.max(...steps.map((step) => Math.max(step.upper, step.actual ?? step.upper)));

  function IntervalBand({ xScale, yScale }: LineCustomSvgLayerProps<NivoSerie>) {
    const x = xScale as unknown as Scale;
    const y = yScale as unknown as Scale;
    const upper = steps.map((step) => `${x(step.at)},${y(step.upper)}`);
    const lower = steps.map((step) => `${x(step.at)},${y(step.lower)}`).reverse();
    return (
      <polygon
        data-testid="forecast-interval"
        points={[...upper, ...lower].join(' ')}
        fill={FORECAST_COLOUR}
        fillOpacity={0.15}
        stroke="none"
      />
    );
  }

  function OutsideMarks({ xScale, yScale }: LineCustomSvgLayerProps<NivoSerie>) {
    const x = xScale as unknown as Scale;
    const y = yScale as unknown as Scale;
    return (
      <g>
        {steps
          .filter((step) => step.outside && step.actual !== null)
          .map((step) => (
            <circle
              key={step.t}
              data-testid="forecast-outside-mark"
              cx={x(step.at)}
              cy={y(step.actual as number)}
              r={3.5}
              fill={OUTSIDE_COLOUR}
            />
          ))}
      </g>
    );
  }

  const common = {
    data: series,
    margin: MARGIN,
    xScale: { type: 'time', format: 'native', precision: 'hour' },
    yScale: { type: 'linear', min: Math.min(0, low), max: high * 1.05 || 1, stacked: false },
    yFormat: (value: unknown) => formatValue(value as number, unit, 2),
    colors: [FORECAST_COLOUR as string, READING_COLOUR],
    theme: chartTheme,
    enablePoints: false,
    enableGridX: false,
    axisLeft: { legend: unit, legendOffset: -52, legendPosition: 'middle', tickValues: 5 },
    useMesh: true,
    role: 'presentation',
    layers: ['grid', 'axes', IntervalBand, 'lines', OutsideMarks, 'crosshair', 'mesh'],
  } satisfies Partial<LineSvgProps<NivoSerie>>;

  const hasReadings = series.length > 1;
  return (
    <Stack gap="2">
      <ChartKey
        entries={[
          { name: t('chart.forecast'), colour: FORECAST_COLOUR, shape: 'line' },
          { name: t('chart.interval'), colour: FORECAST_COLOUR, shape: 'band' },
          ...(hasReadings
            ? ([
                { name: t('chart.readings'), colour: READING_COLOUR, shape: 'line' },
                { name: t('chart.outside'), colour: OUTSIDE_COLOUR, shape: 'dot' },
              ] as const)
            : []),
        ]}
      />
      <ChartBox
        h={`${DEFAULT_CHART_HEIGHT}px`}
        role="img"
        aria-label={t('chart.label', { name: answer.dataPoint.name, unit })}
        data-testid="forecast-chart"
      >
        {(size) => (
          <Line
            {...common}
            {...size}
            animate={size.animate}
            axisBottom={timeAxis(
              first,
              last,
              tickFormatForSpan(last - first),
              size.width - MARGIN.left - MARGIN.right,
            )}
          />
        )}
      </ChartBox>
    </Stack>
  );
}
