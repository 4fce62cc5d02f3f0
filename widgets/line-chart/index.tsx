import { Line, LineCanvas, type LineSvgProps } from '@nivo/line';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../src/engine/widget-types';
import { ChartBox } from '../shared/chart-box';
import { CHART_COLORS, chartTheme, DEFAULT_CHART_HEIGHT } from '../shared/chart-theme';
import { formatValue } from '../shared/format';
import { nameList } from '../shared/missing-text';
import {
  chooseRenderer,
  type NivoSerie,
  pointCount,
  timeDomain,
  timeTickFormat,
  toNivoSeries,
} from '../shared/nivo-series';
import { timeAxis } from '../shared/time-ticks';

/** Time series as lines: SVG for a few thousand points, canvas beyond. */
export default function LineChartWidget({ data }: WidgetProps<'line-chart'>) {
  const { series, unit, curve = 'linear', area = false, height = DEFAULT_CHART_HEIGHT, renderer } = data;
  const { t } = useTranslation('line-chart');
  const { t: shared } = useTranslation('shared');
  const nivoSeries = toNivoSeries(series);
  const drawWith = chooseRenderer(renderer, pointCount(series));
  const common = {
    data: nivoSeries,
    margin: { top: 12, right: 16, bottom: 40, left: 56 },
    xScale: { type: 'time', format: 'native', precision: 'minute' },
    yScale: { type: 'linear', min: 'auto', max: 'auto', stacked: false },
    xFormat: 'time:%Y-%m-%d %H:%M',
    yFormat: (value: unknown) => formatValue(value as number, unit, 2),
    curve,
    enableArea: area,
    colors: CHART_COLORS,
    theme: chartTheme,
    enablePoints: false,
    enableGridX: false,
    axisLeft: { legend: unit, legendOffset: -48, legendPosition: 'middle', tickValues: 5 },
    useMesh: drawWith === 'svg',
    // The box around the chart is the labelled image; the drawing inside it is presentation.
    role: 'presentation',
  } satisfies Partial<LineSvgProps<NivoSerie>>;

  return (
    <ChartBox
      h={`${height}px`}
      data-renderer={drawWith}
      role="img"
      aria-label={describe(t, shared, nivoSeries, unit)}
    >
      {(size) => {
        const axisBottom = timeAxisOf(series, size.width - common.margin.left - common.margin.right);
        return drawWith === 'canvas' ? (
          <LineCanvas {...common} {...size} axisBottom={axisBottom} />
        ) : (
          <Line {...common} {...size} axisBottom={axisBottom} />
        );
      }}
    </ChartBox>
  );
}

/** The series' time axis, its width less the chart's margins. */
function timeAxisOf(series: WidgetProps<'line-chart'>['data']['series'], width: number) {
  const [first, last] = timeDomain(series);
  return timeAxis(first, last, timeTickFormat(series), width);
}

/** "Line chart of Boiler, Chiller in kWh"; `shared` reads the shared strings. */
function describe(t: TFunction, shared: TFunction, series: NivoSerie[], unit: string | undefined): string {
  const names = nameList(
    shared,
    series.map((serie) => serie.id),
  );
  return unit ? t('chartInUnit', { names, unit }) : t('chart', { names });
}
