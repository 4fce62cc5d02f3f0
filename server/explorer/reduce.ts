import type { DenseSeries } from './dense-series';

/**
 * A series cut down to what a chart `width` pixels wide can draw: per pixel
 * column, its lowest and its highest value at the times they occurred (so
 * every peak and trough stays), or a null where the column has no value (so
 * a gap stays a gap). A series that already fits is returned as it is.
 * `columnEnds` are the instants the columns end (see pixel-columns.ts).
 */
export function reduceToColumns(
  series: DenseSeries,
  columnEnds: readonly number[],
): DenseSeries & { reduced: boolean } {
  if (series.t.length <= columnEnds.length) return { ...series, reduced: false };
  const t: number[] = [];
  const v: (number | null)[] = [];
  let i = 0;
  for (const end of columnEnds) {
    if (i >= series.t.length) break;
    let low = -1;
    let high = -1;
    const first = i;
    for (; i < series.t.length && (series.t[i] as number) < end; i++) {
      const value = series.v[i];
      if (value === null || value === undefined) continue;
      if (low < 0 || value < (series.v[low] as number)) low = i;
      if (high < 0 || value > (series.v[high] as number)) high = i;
    }
    if (i === first) continue;
    if (low < 0) {
      t.push(series.t[first] as number);
      v.push(null);
    } else {
      for (const index of low === high ? [low] : low < high ? [low, high] : [high, low]) {
        t.push(series.t[index] as number);
        v.push(series.v[index] as number);
      }
    }
  }
  return { t, v, reduced: true };
}
