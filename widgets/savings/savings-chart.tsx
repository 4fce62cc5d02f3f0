import { Stack } from '@chakra-ui/react';
import { Line, type LineSvgProps } from '@nivo/line';
import { useTranslation } from 'react-i18next';
import type { ForecastSavingsResponse } from '../../src/generated/api-types';
import { ChartBox } from '../shared/chart-box';
import { ChartKey } from '../shared/chart-key';
import { CHART_COLORS, chartTheme, DEFAULT_CHART_HEIGHT } from '../shared/chart-theme';
import { formatValue } from '../shared/format';
import type { NivoSerie } from '../shared/nivo-series';
import { tickFormatForSpan } from '../shared/nivo-series';
import { timeAxis } from '../shared/time-ticks';

const MARGIN = { top: 12, right: 16, bottom: 40, left: 64 };
const BASELINE_COLOUR = CHART_COLORS[0] as string;
// Orange: as plain to see on the dark theme's paper as on the light one, where a dark grey vanished.
const READING_COLOUR = CHART_COLORS[1] as string;

/** Each day of the reporting period: what the baseline model expected, and what was used; the gap is the day's savings. */
export function SavingsChart({ answer }: { answer: ForecastSavingsResponse }) {
  const { t } = useTranslation('savings');
  if (answer.days.length < 2) return null;
  const unit = answer.dataPoint.unit;
  const days = answer.days.map((day) => ({ ...day, at: new Date(day.t) }));
  const series: NivoSerie[] = [
    { id: t('chart.expected'), data: days.map((day) => ({ x: day.at, y: day.predicted })) },
    { id: t('chart.used'), data: days.map((day) => ({ x: day.at, y: day.actual })) },
  ];
  const first = days[0]?.at.getTime() ?? 0;
  const last = days.at(-1)?.at.getTime() ?? first;
  const common = {
    data: series,
    margin: MARGIN,
    xScale: { type: 'time', format: 'native', precision: 'day' },
    yScale: { type: 'linear', min: 0, max: 'auto', stacked: false },
    yFormat: (value: unknown) => formatValue(value as number, unit, 0),
    colors: [BASELINE_COLOUR, READING_COLOUR],
    theme: chartTheme,
    enablePoints: days.length <= 31,
    pointSize: 5,
    enableGridX: false,
    axisLeft: { legend: unit, legendOffset: -52, legendPosition: 'middle', tickValues: 5 },
    useMesh: true,
    role: 'presentation',
  } satisfies Partial<LineSvgProps<NivoSerie>>;
  return (
    <Stack gap="2">
      <ChartKey
        entries={[
          { name: t('chart.expected'), colour: BASELINE_COLOUR, shape: 'line' },
          { name: t('chart.used'), colour: READING_COLOUR, shape: 'line' },
        ]}
      />
      <ChartBox
        h={`${DEFAULT_CHART_HEIGHT}px`}
        role="img"
        aria-label={t('chart.label', { name: answer.dataPoint.name, unit })}
        data-testid="savings-chart"
      >
        {(size) => (
          <Line
            {...common}
            {...size}
            animate={size.animate}
            axisBottom={timeAxis(
              first,
              last,
              tickFormatForSpan(Math.max(last - first, 3 * 86_400_000)),
              size.width - MARGIN.left - MARGIN.right,
            )}
          />
        )}
      </ChartBox>
    </Stack>
  );
}
