import { cachedFormat } from '../../src/i18n/app-locale';

/** Formatting shared by widgets, in the language the person chose for the app. */

function numberFormat(precision: number | undefined): Intl.NumberFormat {
  return cachedFormat(
    `number ${precision}`,
    (locale) =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: precision ?? 0,
        maximumFractionDigits: precision ?? 2,
      }),
  );
}

/** "48,210 kWh"; a missing value is a dash, never a zero. */
export function formatValue(
  value: number | string | null | undefined,
  unit?: string,
  precision?: number,
): string {
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)))
    return '–';
  const text = typeof value === 'number' ? numberFormat(precision).format(value) : value;
  return unit ? `${text} ${unit}` : text;
}

/** 0.951 → "95.1 %". */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '–';
  return `${numberFormat(1).format(fraction * 100)} %`;
}

/** A whole number as counted: "12,345" (or "12 345" in French). */
export function formatCount(count: number): string {
  return numberFormat(0).format(count);
}

function dateFormat(withTime: boolean): Intl.DateTimeFormat {
  return cachedFormat(
    `date ${withTime}`,
    (locale) =>
      new Intl.DateTimeFormat(
        locale,
        withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
      ),
  );
}

/** Epoch milliseconds or an ISO string as a date, or a date and time. */
export function formatDate(value: number | string | null | undefined, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(withTime).format(date);
}

/**
 * Decimals that tell apart about `count` ticks across `span`: the ticks' step
 * as d3 picks it (1, 2 or 5 times a power of ten), then as many decimals as
 * that step has. Two decimals for every axis would print 20.505 and 20.510 both
 * as 20.51.
 */
export function tickDecimals(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 0;
  const rough = span / count;
  const power = Math.floor(Math.log10(rough));
  const error = rough / 10 ** power;
  const step =
    (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1) * 10 ** power;
  // A small epsilon, so 0.01 (log10 = -2 in exact arithmetic) does not count as 3 decimals.
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/** A unit price as tariffs quote it: "0.2145 EUR/kWh", "0.85 EUR/kWh", at least two decimals, at most five. */
export function formatUnitPrice(value: number | null | undefined, unit?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const text = cachedFormat(
    'price',
    (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 5 }),
  ).format(value);
  return unit ? `${text} ${unit}` : text;
}
