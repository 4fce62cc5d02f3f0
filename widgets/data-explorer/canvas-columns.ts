import type { PanelSeries } from './panels';

/** Maps a bucket's start (epoch ms) or a value to a pixel of the plot; nivo's own scales, so lines meet its axes. */
export interface PlotScales {
  x: (t: number) => number;
  y: (v: number) => number;
}

/** The scales with the way back from a pixel to a time, for finding what the pointer is on. */
export interface PointerScales extends PlotScales {
  xInvert: (x: number) => number;
}

/** How a line is stroked, on SVG and canvas alike: the previous period thinner, lighter and dashed. */
export function lineStyle(previous: boolean): { width: number; opacity: number; dash: number[] } {
  return previous ? { width: 1.5, opacity: 0.7, dash: [6, 4] } : { width: 2, opacity: 1, dash: [] };
}

/** The lowest and highest value of a panel's series, for the y axis; 0 to 1 when there is none. */
export function valueExtent(series: readonly PanelSeries[]): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const serie of series) {
    for (const value of serie.points.v) {
      if (value === null) continue;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  if (min > max) return { min: 0, max: 1 };
  // A flat series still needs a span to be drawn in.
  return min === max ? { min: min - 1, max: max + 1 } : { min, max };
}

/** Each series as one path straight from its columns; a null breaks the line, so a gap stays a gap. */
export function drawColumns(
  context: CanvasRenderingContext2D,
  series: readonly PanelSeries[],
  scales: PlotScales,
): void {
  for (const serie of series) {
    const { t, v } = serie.points;
    const style = lineStyle(serie.previous);
    context.save();
    context.strokeStyle = serie.color;
    context.lineWidth = style.width;
    context.globalAlpha = style.opacity;
    context.setLineDash(style.dash);
    context.beginPath();
    let drawing = false;
    for (let index = 0; index < t.length; index++) {
      const value = v[index];
      if (value === null || value === undefined) {
        drawing = false;
        continue;
      }
      const x = scales.x(t[index] as number);
      const y = scales.y(value);
      if (drawing) context.lineTo(x, y);
      else context.moveTo(x, y);
      drawing = true;
    }
    context.stroke();
    context.restore();
  }
}

/** The point a pointer at (x, y) in the plot points at: the nearest drawn one, each series searched by time. */
export function nearestPoint(
  series: readonly PanelSeries[],
  scales: PointerScales,
  x: number,
  y: number,
): { serie: PanelSeries; index: number } | undefined {
  const time = scales.xInvert(x);
  let best: { serie: PanelSeries; index: number; distance: number } | undefined;
  for (const serie of series) {
    const { t, v } = serie.points;
    // The first bucket at or after the pointer's time, and the nearest drawn ones either side of it.
    let low = 0;
    let high = t.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((t[middle] as number) < time) low = middle + 1;
      else high = middle;
    }
    for (const index of [nearestDrawn(v, low, 1), nearestDrawn(v, low - 1, -1)]) {
      if (index === undefined) continue;
      const dx = scales.x(t[index] as number) - x;
      const dy = scales.y(v[index] as number) - y;
      const distance = dx * dx + dy * dy;
      if (!best || distance < best.distance) best = { serie, index, distance };
    }
  }
  return best && { serie: best.serie, index: best.index };
}

/** The first index from `start` in `step` direction with a value, within a few buckets (a gap has none). */
function nearestDrawn(values: readonly (number | null)[], start: number, step: 1 | -1): number | undefined {
  for (
    let index = start, tries = 0;
    index >= 0 && index < values.length && tries < 4;
    index += step, tries++
  ) {
    if (values[index] !== null && values[index] !== undefined) return index;
  }
  return undefined;
}
