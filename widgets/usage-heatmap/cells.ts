import type { UsageCell } from '../../src/generated/api-types';
import { cachedFormat } from '../../src/i18n/app-locale';

/** The grid's rows: weekday 1 (Monday) to 7, each with hours 0 to 23; a cell the server left out is null. */
export function toGrid(cells: readonly UsageCell[]): (number | null)[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, (): number | null => null));
  for (const { weekday, hour, mean } of cells) {
    const row = grid[weekday - 1];
    if (row && hour >= 0 && hour < 24 && mean !== null && Number.isFinite(mean)) row[hour] = mean;
  }
  return grid;
}

export function extent(grid: readonly (number | null)[][]): { min: number; max: number } | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const row of grid) {
    for (const value of row) {
      if (value === null) continue;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return min <= max ? { min, max } : undefined;
}

/** The busiest cell: its weekday (1–7), hour and mean. */
export function peak(
  grid: readonly (number | null)[][],
): { weekday: number; hour: number; mean: number } | undefined {
  let best: { weekday: number; hour: number; mean: number } | undefined;
  grid.forEach((row, day) => {
    row.forEach((mean, hour) => {
      if (mean !== null && (!best || mean > best.mean)) best = { weekday: day + 1, hour, mean };
    });
  });
  return best;
}

/** The scale's ends, theme tokens that follow the colour mode (src/theme/system.ts). */
const LOW = 'var(--chakra-colors-heat-low)';
const HIGH = 'var(--chakra-colors-heat-high)';

/**
 * A value's colour between the scale's ends, by where it lies between min
 * and max: mixed in the browser, so one table serves both themes.
 */
export function cellColor(value: number, min: number, max: number): string {
  const share = max > min ? (value - min) / (max - min) : 1;
  return `color-mix(in oklab, ${HIGH} ${Math.round(share * 100)}%, ${LOW})`;
}

export const GRADIENT = `linear-gradient(to right, ${LOW}, ${HIGH})`;

/** Weekday names in the language the person chose for the app. */
function weekdayFormat(style: 'long' | 'short'): Intl.DateTimeFormat {
  return cachedFormat(
    `weekday ${style} UTC`,
    (locale) => new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }),
  );
}

/** Weekday 1 is Monday (1 January 2024 was one). */
export function weekdayName(weekday: number, style: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(2024, 0, weekday));
  return weekdayFormat(style).format(date);
}

/** "09:00–10:00". */
export function hourRange(hour: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(hour)}:00–${pad((hour + 1) % 24)}:00`;
}
