import {
  Line,
  LineCanvas,
  type LineCustomCanvasLayerProps,
  type LineCustomSvgLayerProps,
  type LineSvgProps,
  type PointTooltipProps,
} from '@nivo/line';
import { useMemo } from 'react';
import { columnsToNivo, type NivoSerie, tickFormatForSpan } from '../line-chart/series';
import { chartTheme } from '../shared/chart-theme';
import { formatValue } from '../shared/format';
import type { PlotMargin } from './brush';
import { formatBucket, type ServedResolution } from './bucket-time';
import { ChartTooltip } from './chart-tooltip';
import type { Panel, PanelSeries } from './panels';

export const LINE_MARGIN: PlotMargin = { top: 12, right: 16, bottom: 36, left: 64 };
const PREVIOUS_DASH = [6, 4];

interface LinePanelProps {
  panel: Panel;
  width: number;
  height: number;
  /** The period on the x axis, shared by every panel. */
  domain: { from: number; to: number };
  resolution: ServedResolution;
}

/** One unit's series as lines: SVG for a few thousand points, canvas beyond; previous periods dashed and lighter. */
export function LinePanel({ panel, width, height, domain, resolution }: LinePanelProps) {
  const data = useMemo(
    () => panel.series.map((serie) => columnsToNivo(serie.key, serie.points)),
    [panel.series],
  );
  const byKey = useMemo(() => new Map(panel.series.map((serie) => [serie.key, serie])), [panel.series]);
  const common = {
    data,
    width,
    height,
    margin: LINE_MARGIN,
    xScale: {
      type: 'time',
      format: 'native',
      precision: resolution === 'raw' ? 'second' : 'minute',
      min: new Date(domain.from),
      max: new Date(domain.to),
    },
    yScale: { type: 'linear', min: 'auto', max: 'auto', stacked: false },
    colors: (serie: NivoSerie) => byKey.get(serie.id)?.color ?? '#868e96',
    theme: chartTheme,
    enablePoints: false,
    enableGridX: false,
    axisBottom: {
      format: tickFormatForSpan(domain.to - domain.from),
      tickValues: Math.max(2, Math.floor(width / 140)),
    },
    axisLeft: {
      legend: panel.unit,
      legendOffset: -56,
      legendPosition: 'middle',
      tickValues: 5,
      format: (value: number) => formatValue(value),
    },
    tooltip: ({ point }: PointTooltipProps<NivoSerie>) => (
      <PointTip serie={byKey.get(point.seriesId)} x={point.data.x} y={point.data.y} resolution={resolution} />
    ),
    role: 'presentation',
  } satisfies Partial<LineSvgProps<NivoSerie>>;

  if (panel.renderer === 'canvas') {
    return <LineCanvas {...common} layers={['grid', 'axes', drawLinesOnCanvas]} />;
  }
  return (
    <Line {...common} animate={false} useMesh layers={['grid', 'axes', LinesLayer, 'crosshair', 'mesh']} />
  );
}

function PointTip({
  serie,
  x,
  y,
  resolution,
}: {
  serie: PanelSeries | undefined;
  x: Date;
  y: number | null;
  resolution: ServedResolution;
}) {
  return (
    <ChartTooltip
      color={serie?.color ?? '#868e96'}
      name={serie?.name ?? ''}
      value={formatValue(y, serie?.unit)}
      time={formatBucket(x.getTime(), resolution)}
    />
  );
}

const isPrevious = (id: string) => id.endsWith(':previous');

/** The lines, as nivo draws them but with the previous period dashed and lighter. A null is a gap. */
function LinesLayer({ series, lineGenerator }: LineCustomSvgLayerProps<NivoSerie>) {
  return (
    <g>
      {series.map((serie) => {
        const previous = isPrevious(serie.id);
        return (
          <path
            key={serie.id}
            data-series={serie.id}
            d={lineGenerator(serie.data.map((datum) => datum.position)) ?? ''}
            fill="none"
            stroke={serie.color}
            strokeWidth={previous ? 1.5 : 2}
            strokeOpacity={previous ? 0.7 : 1}
            strokeDasharray={previous ? PREVIOUS_DASH.join(' ') : undefined}
          />
        );
      })}
    </g>
  );
}

function drawLinesOnCanvas(context: CanvasRenderingContext2D, props: LineCustomCanvasLayerProps<NivoSerie>) {
  const { series, lineGenerator } = props;
  lineGenerator.context(context);
  for (const serie of series) {
    const previous = isPrevious(serie.id);
    context.save();
    context.strokeStyle = serie.color;
    context.lineWidth = previous ? 1.5 : 2;
    context.globalAlpha = previous ? 0.7 : 1;
    context.setLineDash(previous ? PREVIOUS_DASH : []);
    context.beginPath();
    lineGenerator(serie.data.map((datum) => datum.position));
    context.stroke();
    context.restore();
  }
  lineGenerator.context(null);
}
