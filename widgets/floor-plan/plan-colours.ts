import type { FloorPlanColourScale, FloorPlanPoint } from '../../src/generated/api-types';

/** A reading older than this is stale: the meter or the sensor has gone quiet. */
export const STALE_MS = 2 * 3_600_000;

const ALERT_COLOURS = { critical: '#e53e3e', warning: '#dd6b20', info: '#3182ce' } as const;
const PENDING = '#d69e2e';
const NORMAL = '#38a169';
const NO_VALUE = '#a0aec0';

/** What a marker or zone shows of its point: its colour, and whether its value is stale. */
export interface PointLook {
  colour: string;
  stale: boolean;
}

/**
 * A point's colour: with a scale, where its value falls from blue (min) to
 * red (max); without, its most severe open alert (pending amber), else green;
 * grey with no value or a stale one, which says nothing about the room now.
 */
export function pointLook(
  point: FloorPlanPoint | undefined,
  scale: FloorPlanColourScale,
  now: number,
): PointLook {
  const latest = point?.latest;
  if (!point || !latest) return { colour: NO_VALUE, stale: false };
  if (now - Date.parse(latest.time) > STALE_MS) return { colour: NO_VALUE, stale: true };
  if (scale)
    return { colour: scaleColour((latest.value - scale.min) / (scale.max - scale.min)), stale: false };
  if (point.alert?.state === 'firing') return { colour: ALERT_COLOURS[point.alert.severity], stale: false };
  if (point.alert?.state === 'pending') return { colour: PENDING, stale: false };
  return { colour: NORMAL, stale: false };
}

/** Blue through green and yellow to red, for a fraction from 0 to 1 (clamped). */
export function scaleColour(fraction: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  // Hue 240° (blue) down to 0° (red).
  return `hsl(${Math.round(240 * (1 - clamped))}, 75%, 48%)`;
}
