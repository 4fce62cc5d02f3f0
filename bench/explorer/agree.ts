import type { GetChartDataByDateResponse } from '../../src/generated/api-types.ts';
import type { BoundSeries } from './lower-bound.ts';

/** Sums added in another order differ in the last bits; anything larger is a different answer. */
const TOLERANCE = 1e-9;

/**
 * Where the API's answer and the lower bound's differ, one line per series
 * (empty when they agree): a bound that computed something else would not
 * bound anything.
 */
export function disagreements(answer: GetChartDataByDateResponse, bound: BoundSeries[]): string[] {
  if (answer.series.length !== bound.length) {
    return [`the API sent ${answer.series.length} series, the bound has ${bound.length}`];
  }
  const found: string[] = [];
  answer.series.forEach((series, index) => {
    const expected = bound[index] as BoundSeries;
    const { t, v } = series.points;
    if (t.length !== expected.t.length) {
      found.push(`${series.name}: ${t.length} points, the bound has ${expected.t.length}`);
      return;
    }
    const at = t.findIndex(
      (time, i) => time !== expected.t[i] || !same(v[i] ?? null, expected.v[i] as number),
    );
    if (at >= 0) {
      found.push(
        `${series.name}: point ${at} is ${t[at]}=${v[at]}, the bound's ${expected.t[at]}=${expected.v[at]}`,
      );
    }
    if (series.summary.total !== null && !same(series.summary.total, expected.total)) {
      found.push(`${series.name}: total ${series.summary.total}, the bound's ${expected.total}`);
    }
  });
  return found;
}

function same(value: number | null, expected: number): boolean {
  if (value === null) return Number.isNaN(expected);
  return Math.abs(value - expected) <= TOLERANCE * Math.max(1, Math.abs(expected));
}
