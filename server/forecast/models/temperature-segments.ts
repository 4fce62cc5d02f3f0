import type { TemperatureResponse } from './types';

/**
 * The temperature half of the time-of-week-and-temperature model (Mathieu et al. 2011, LBNL): a continuous
 * piecewise-linear response whose knots come from the training temperatures. LBNL's fixed knots (40, 55,
 * 65, 80 and 90 °F) suit a US climate; quantiles of the site's own temperatures put a knot wherever there is
 * weather to learn from, so every segment rests on a fair share of the hours. towt.ts picks how many.
 */

export const MAX_SEGMENTS = 6;
/** Knots closer than this would fit the noise between them rather than the building's response. */
const MIN_KNOT_SPACING_CELSIUS = 2;
/** A segment needs enough hours of its own for its slope to mean something. */
const MIN_HOURS_PER_SEGMENT = 48;
/** Below this spread, the temperature hardly changed, and a slope would only fit noise (or be unidentifiable). */
const MIN_SPREAD_CELSIUS = 2;

/**
 * Knots at the training temperatures' quantiles that split them into `segments` equal shares, less those
 * too close to their neighbour or leaving a segment with too few hours; null when the temperatures barely
 * vary, so no response can be told from the time-of-week profile.
 */
export function chooseKnots(
  temperatures: readonly number[],
  segments: number = MAX_SEGMENTS,
): number[] | null {
  const sorted = Float64Array.from(temperatures).sort();
  return variesEnough(sorted) ? knotsAtQuantiles(sorted, segments) : null;
}

/** chooseKnots for one to MAX_SEGMENTS segments, each distinct set once, fewest knots first. */
export function knotChoices(temperatures: readonly number[]): number[][] | null {
  const sorted = Float64Array.from(temperatures).sort();
  if (!variesEnough(sorted)) return null;
  const choices = new Map<string, number[]>();
  for (let segments = 1; segments <= MAX_SEGMENTS; segments++) {
    const knots = knotsAtQuantiles(sorted, segments);
    if (!choices.has(knots.join())) choices.set(knots.join(), knots);
  }
  return [...choices.values()];
}

function variesEnough(sorted: Float64Array): boolean {
  const spread = (sorted[sorted.length - 1] ?? 0) - (sorted[0] ?? 0);
  return sorted.length >= 2 * MIN_HOURS_PER_SEGMENT && spread >= MIN_SPREAD_CELSIUS;
}

function knotsAtQuantiles(sorted: Float64Array, segments: number): number[] {
  const coldest = sorted[0] ?? 0;
  const warmest = sorted[sorted.length - 1] ?? 0;
  const knots: number[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (let segment = 1; segment < segments; segment++) {
    const knot = sorted[Math.floor((segment * sorted.length) / segments)] ?? warmest;
    const spacedEnough =
      knot - previous >= MIN_KNOT_SPACING_CELSIUS && knot - coldest >= MIN_KNOT_SPACING_CELSIUS;
    if (spacedEnough && hoursBetween(sorted, previous, knot) >= MIN_HOURS_PER_SEGMENT) {
      knots.push(knot);
      previous = knot;
    }
  }
  // The warmest segment, above the last knot, must stand on its own too; merging it takes its knot away.
  while (knots.length > 0 && !warmestSegmentStands(sorted, knots[knots.length - 1] ?? warmest)) knots.pop();
  return knots;
}

function warmestSegmentStands(sorted: Float64Array, lastKnot: number): boolean {
  const warmest = sorted[sorted.length - 1] ?? lastKnot;
  return (
    warmest - lastKnot >= MIN_KNOT_SPACING_CELSIUS &&
    hoursBetween(sorted, lastKnot, Number.POSITIVE_INFINITY) >= MIN_HOURS_PER_SEGMENT
  );
}

/** How many sorted temperatures lie in [from, to). */
function hoursBetween(sorted: Float64Array, from: number, to: number): number {
  return firstAtLeast(sorted, to) - firstAtLeast(sorted, from);
}

function firstAtLeast(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The temperature's share in each segment (LBNL's basis): the whole of each segment it passed, the part
 * of the one it is in, zero above. A coefficient on these is that segment's slope, and any set of them
 * makes a continuous response. Written into `into` from `offset`: one value per segment (knots + 1).
 */
export function segmentShares(
  temperature: number,
  knots: readonly number[],
  into: Float64Array,
  offset = 0,
): void {
  if (knots.length === 0) {
    into[offset] = temperature;
    return;
  }
  into[offset] = Math.min(temperature, knots[0] ?? 0);
  for (let segment = 1; segment < knots.length; segment++) {
    const from = knots[segment - 1] ?? 0;
    const to = knots[segment] ?? 0;
    into[offset + segment] = Math.min(Math.max(temperature - from, 0), to - from);
  }
  into[offset + knots.length] = Math.max(temperature - (knots[knots.length - 1] ?? 0), 0);
}

/** The response at `temperature` relative to 0 °C, so a towt hour-of-week coefficient is the load at 0 °C. */
export function temperatureEffect({ knots, slopes }: TemperatureResponse, temperature: number): number {
  const atTemperature = new Float64Array(slopes.length);
  const atZero = new Float64Array(slopes.length);
  segmentShares(temperature, knots, atTemperature);
  segmentShares(0, knots, atZero);
  let effect = 0;
  for (let segment = 0; segment < slopes.length; segment++) {
    effect += (slopes[segment] ?? 0) * ((atTemperature[segment] ?? 0) - (atZero[segment] ?? 0));
  }
  return effect;
}
