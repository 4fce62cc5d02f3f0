import type { DataPointKind } from '../../server/db/tables.ts';

export const QUARTER_HOUR = 900_000;
/** A year of quarter hours (365 days). */
export const READINGS_PER_YEAR = 365 * 96;
export const READINGS_PER_POINT = 2 * READINGS_PER_YEAR;
export const START = Date.UTC(2023, 0, 1);

/** The benchmark's data points: a third each of registers, interval consumption and instantaneous values. */
export function pointKind(index: number): DataPointKind {
  return (['cumulative', 'interval', 'instantaneous'] as const)[index % 3] as DataPointKind;
}

/**
 * Reading `index` of data point `point`: a daily cycle plus a little
 * deterministic noise, a climbing register for cumulative points. Values have
 * three decimals, like real meter exports.
 */
export function readingValue(point: number, index: number, kind: DataPointKind): number {
  const daily = Math.sin(((index % 96) / 96) * 2 * Math.PI);
  const noise = ((point * 7919 + index * 104_729) % 1000) / 1000;
  const use = Math.round((1 + daily * 0.5 + noise * 0.2) * 1000) / 1000;
  if (kind === 'cumulative') return Math.round((index * 1.2 + use) * 1000) / 1000;
  if (kind === 'instantaneous') return Math.round((20 + daily * 3 + noise) * 1000) / 1000;
  return use;
}

/** One data point's first `count` readings as a meter file: Time,Value with ISO UTC times. */
export function meterCsv(point: number, kind: DataPointKind, count = READINGS_PER_POINT): string {
  const lines = new Array<string>(count + 1);
  lines[0] = 'Time,Value';
  for (let index = 0; index < count; index++) {
    lines[index + 1] =
      `${new Date(START + index * QUARTER_HOUR).toISOString()},${readingValue(point, index, kind)}`;
  }
  return `${lines.join('\n')}\n`;
}
