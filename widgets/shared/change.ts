import { formatValue } from './format';

/**
 * A figure against the same figure of an earlier period: a percentage only
 * when the earlier one is there and not zero, never an infinite one.
 */
export type Comparison =
  | { kind: 'no-previous' }
  | { kind: 'previous-zero' }
  | { kind: 'change'; percent: number };

export function compareWith(current: number | null, previous: number | null | undefined): Comparison {
  if (previous === null || previous === undefined || !Number.isFinite(previous))
    return { kind: 'no-previous' };
  if (current === null || !Number.isFinite(current)) return { kind: 'no-previous' };
  if (previous === 0) return current === 0 ? { kind: 'change', percent: 0 } : { kind: 'previous-zero' };
  return { kind: 'change', percent: ((current - previous) / Math.abs(previous)) * 100 };
}

/** A percentage change with its sign: "+5.2 %", "−3.0 %", "±0.0 %". */
export function signedPercent(percent: number): string {
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${formatValue(Math.abs(percent), '%', 1)}`;
}

/** Decimal places that suit a figure: none from 100 up, one below. */
export function autoPrecision(value: number | null): number {
  return value !== null && Math.abs(value) >= 100 ? 0 : 1;
}
