import { Box } from '@chakra-ui/react';
import {
  Line,
  LineCanvas,
  type LineCustomCanvasLayerProps,
  type LineCustomSvgLayerProps,
  type LineSvgProps,
  type PointTooltipProps,
} from '@nivo/line';
import { type PointerEvent, type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartTheme } from '../shared/chart-theme';
import { formatValue, tickDecimals } from '../shared/format';
import { columnsToNivo, type NivoSerie, tickFormatForSpan } from '../shared/nivo-series';
import type { PlotMargin } from './brush';
import { formatBucket, type ServedResolution } from './bucket-time';
import { drawColumns, lineStyle, nearestPoint, type PointerScales, valueExtent } from './canvas-columns';
import { ChartTooltip } from './chart-tooltip';
import type { Panel, PanelSeries } from './panels';

export const LINE_MARGIN: PlotMargin = { top: 12, right: 16, bottom: 36, left: 64 };
const Y_TICKS = 5;

interface LinePanelProps {
  panel: Panel;
  width: number;
  height: number;
  /** The period on the x axis, shared by every panel. */
  domain: { from: number; to: number };
  resolution: ServedResolution;
}

/** One unit's series as lines: SVG up to CANVAS_POINTS points, canvas beyond; previous periods dashed and lighter. */
export function LinePanel({ panel, width, height, domain, resolution }: LinePanelProps) {
  // On canvas the lines come straight from the columns (CanvasLines): nivo gets no points.
  const data = useMemo(
    () =>
      panel.renderer === 'canvas' ? [] : panel.series.map((serie) => columnsToNivo(serie.key, serie.points)),
    [panel.series, panel.renderer],
  );
  const byKey = useMemo(() => new Map(panel.series.map((serie) => [serie.key, serie])), [panel.series]);
  const extent = useMemo(() => valueExtent(panel.series), [panel.series]);
  const decimals = tickDecimals(extent.max - extent.min, Y_TICKS);
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
      tickValues: Y_TICKS,
      format: (value: number) => formatValue(value, undefined, decimals),
    },
    tooltip: ({ point }: PointTooltipProps<NivoSerie>) => (
      <PointTip serie={byKey.get(point.seriesId)} x={point.data.x} y={point.data.y} resolution={resolution} />
    ),
    role: 'presentation',
  } satisfies Partial<LineSvgProps<NivoSerie>>;

  if (panel.renderer === 'canvas') {
    return (
      <CanvasLines panel={panel} resolution={resolution}>
        {(lines) => (
          <LineCanvas
            {...common}
            yScale={{ type: 'linear', min: extent.min, max: extent.max, stacked: false }}
            isInteractive={false}
            layers={['grid', 'axes', lines]}
          />
        )}
      </CanvasLines>
    );
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
  const { t } = useTranslation('data-explorer');
  return (
    <ChartTooltip
      color={serie?.color ?? '#868e96'}
      name={serie?.name ?? ''}
      value={formatValue(y, serie?.unit)}
      time={formatBucket(x.getTime(), resolution, t)}
    />
  );
}

const isPrevious = (id: string) => id.endsWith(':previous');

/** The lines, as nivo draws them but with the previous period dashed and lighter. A null is a gap. */
function LinesLayer({ series, lineGenerator }: LineCustomSvgLayerProps<NivoSerie>) {
  return (
    <g>
      {series.map((serie) => {
        const style = lineStyle(isPrevious(serie.id));
        return (
          <path
            key={serie.id}
            data-series={serie.id}
            d={lineGenerator(serie.data.map((datum) => datum.position)) ?? ''}
            fill="none"
            stroke={serie.color}
            strokeWidth={style.width}
            strokeOpacity={style.opacity}
            strokeDasharray={style.dash.length > 0 ? style.dash.join(' ') : undefined}
          />
        );
      })}
    </g>
  );
}

/**
 * Thousands of points on a canvas. nivo draws the grid and axes on the
 * period and the values' extent; the lines and the tooltip come straight
 * from the columns, on nivo's scales. Handing nivo the points would cost an
 * object, a formatted label and a Delaunay cell each: about 150 ms for
 * 18,000 (bench:explorer, case b), before a line is drawn.
 */
function CanvasLines({
  panel,
  resolution,
  children,
}: {
  panel: Panel;
  resolution: ServedResolution;
  children: (
    lines: (context: CanvasRenderingContext2D, props: LineCustomCanvasLayerProps<NivoSerie>) => void,
  ) => ReactNode;
}) {
  const scales = useRef<PointerScales | null>(null);
  const lines = useMemo(
    () => (context: CanvasRenderingContext2D, props: LineCustomCanvasLayerProps<NivoSerie>) => {
      const xScale = props.xScale as unknown as ((t: number) => number) & { invert: (x: number) => Date };
      const yScale = props.yScale as unknown as (v: number) => number;
      scales.current = { x: xScale, y: yScale, xInvert: (x) => xScale.invert(x).getTime() };
      drawColumns(context, panel.series, scales.current);
    },
    [panel.series],
  );
  return (
    <PointerTip series={panel.series} scales={scales} resolution={resolution}>
      {children(lines)}
    </PointerTip>
  );
}

/** The tooltip of the point nearest the pointer, kept apart from the chart so a move never redraws the canvas. */
function PointerTip({
  series,
  scales,
  resolution,
  children,
}: {
  series: PanelSeries[];
  scales: RefObject<PointerScales | null>;
  resolution: ServedResolution;
  children: ReactNode;
}) {
  const { t } = useTranslation('data-explorer');
  const [hovered, setHovered] = useState<{
    serie: PanelSeries;
    index: number;
    left: number;
    top: number;
  } | null>(null);
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const plotScales = scales.current;
    if (!plotScales) return;
    const bounds = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - bounds.left - LINE_MARGIN.left;
    const y = event.clientY - bounds.top - LINE_MARGIN.top;
    const found = nearestPoint(series, plotScales, x, y);
    if (!found) return setHovered(null);
    const { t, v } = found.serie.points;
    setHovered({
      ...found,
      left: LINE_MARGIN.left + plotScales.x(t[found.index] as number),
      top: LINE_MARGIN.top + plotScales.y(v[found.index] as number),
    });
  };
  const point = hovered && {
    time: hovered.serie.points.t[hovered.index] as number,
    value: hovered.serie.points.v[hovered.index] ?? null,
  };
  return (
    <Box position="relative" onPointerMove={move} onPointerLeave={() => setHovered(null)}>
      {children}
      {hovered && point ? (
        <Box
          position="absolute"
          pointerEvents="none"
          left={`${hovered.left}px`}
          top={`${hovered.top}px`}
          transform="translate(-50%, calc(-100% - 10px))"
          zIndex="1"
          data-testid="explorer-point-tip"
        >
          <ChartTooltip
            color={hovered.serie.color}
            name={hovered.serie.name}
            value={formatValue(point.value, hovered.serie.unit)}
            time={formatBucket(point.time, resolution, t)}
          />
        </Box>
      ) : null}
    </Box>
  );
}
