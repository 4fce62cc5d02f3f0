import type { ZoneOffset } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import { registerDeltas, registerStep } from './consumption';
import { type DaySpan, daySpan } from './day-span';
import type { Merged } from './merge-series';
import type { PointKey } from './point-key';
import { spreadStepsIn } from './register-step-rows';
import { type BookedStep, bookedDelta } from './step-booking';
import { type StoredRow, type StoredStep, storedBetween } from './stored-around';
import { GAP_MIN_HOURS, isGapStep } from './suspicious-steps';
import { judgeAroundBatch, type StepChanges } from './write-steps';

/*
 * What a write of a cumulative register does beyond other meters: its deltas
 * booked as the choices on its suspicious steps say, the span widened where
 * the batch ends a spread, and its steps judged around the batch.
 */

/**
 * Deltas along the merged register, booked as the choices on its standing
 * suspicious steps say; the last stored reading keeps its own, which depends
 * on readings further on.
 */
export function applyRegisterDeltas(
  merged: Merged,
  register: RegisterOfWrite,
  standing: readonly StoredStep[],
): { resets: number; rollovers: number; drops: number } {
  const result = registerDeltas(merged.values, register.register_max);
  merged.deltas = result.deltas;
  const last = merged.ts.length - 1;
  bookNothingAcrossGaps(merged, register);
  for (const step of standing) {
    if (step.status === 'open') continue;
    const at = indexOf(merged.ts, step.from);
    if (at >= 0 && at < last) merged.deltas[at] = bookedDelta(step);
  }
  if (last >= 0 && merged.fromBatch[last] === 0) merged.deltas[last] = merged.storedDeltas[last] ?? null;
  return { resets: result.resets, rollovers: result.rollovers, drops: result.drops };
}

/** What booking a register's steps needs to know of its data point. */
export interface RegisterOfWrite {
  register_max: number | null;
  interval_minutes: number;
}

/**
 * Zero for every step across a gap (isGapStep): until someone decides, use
 * the meter reports after a silence is neither rolled up nor priced, where
 * booking it in the gap's last quarter-hour would put months of use there.
 * A decided step is booked as decided after this.
 */
function bookNothingAcrossGaps(merged: Merged, register: RegisterOfWrite): void {
  const gapOver = GAP_MIN_HOURS * 3_600_000;
  for (let index = 0; index < merged.ts.length - 1; index++) {
    const from = merged.ts[index] as number;
    const to = merged.ts[index + 1] as number;
    // Most steps are a reading interval long: only the long ones are worth working out again.
    if (to - from <= gapOver) continue;
    const movement = registerStep(
      merged.values[index] as number,
      merged.values[index + 1] as number,
      register.register_max,
    );
    if (isGapStep(from, to, movement, register.interval_minutes)) merged.deltas[index] = 0;
  }
}

/** Three runs of numbers as one array (a batch can be too long to spread into arguments). */
function joined(head: number[], middle: Float64Array, tail: number[]): Float64Array {
  const all = new Float64Array(head.length + middle.length + tail.length);
  all.set(head);
  all.set(middle, head.length);
  all.set(tail, head.length + middle.length);
  return all;
}

/** The index of an instant in time-ordered instants, or -1. */
function indexOf(ts: ArrayLike<number>, time: number): number {
  let low = 0;
  let high = ts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ts[middle] as number) < time) low = middle + 1;
    else high = middle;
  }
  return low < ts.length && ts[low] === time ? low : -1;
}

/**
 * The span, its readings and the spread steps booking use in it, widened to
 * every day a spread step the batch breaks booked use in: those days' rollups
 * lose its share. Rare (a late reading inside a gap someone spread), so read
 * again only then.
 */
export async function widenedForBrokenSpreads(
  db: Database,
  point: PointKey,
  offset: ZoneOffset,
  around: { stored: StoredRow[]; span: DaySpan },
  standing: readonly StoredStep[],
  broken: ReadonlySet<StoredStep>,
): Promise<{ stored: StoredRow[]; span: DaySpan; spread: BookedStep[] }> {
  let { from, to } = around.span;
  for (const step of broken) {
    if (step.status !== 'spread') continue;
    const gap = daySpan(offset, step.from, step.to);
    from = Math.min(from, gap.from);
    to = Math.max(to, gap.to);
  }
  if (from === around.span.from && to === around.span.to) {
    return { ...around, spread: standing.filter((step) => step.status === 'spread') };
  }
  const span = { from, to };
  const gone = new Set([...broken].map((step) => step.id));
  const [stored, spread] = await Promise.all([
    storedBetween(db, point, from, to),
    spreadStepsIn(db, point, span).then((steps) => steps.filter((step) => !gone.has(step.id))),
  ]);
  return { span, stored, spread };
}

/**
 * Judges the register's steps around the batch, on the merged readings with
 * the stored ones either side that the usual rate is taken from.
 */
export function judgeMerged(
  merged: Merged,
  around: { head: StoredRow[]; tail: StoredRow[]; steps: StoredStep[] },
  register: RegisterOfWrite,
  broken: ReadonlySet<StoredStep>,
): StepChanges {
  const length = merged.ts.length;
  const start = length > 0 ? (merged.ts[0] as number) : Number.POSITIVE_INFINITY;
  const end = length > 0 ? (merged.ts[length - 1] as number) : Number.NEGATIVE_INFINITY;
  const head = around.head.filter((row) => row.ts < start);
  const tail = around.tail.filter((row) => row.ts > end);
  let firstIndex = 0;
  while (firstIndex < length && merged.fromBatch[firstIndex] === 0) firstIndex++;
  let lastIndex = length - 1;
  while (lastIndex > 0 && merged.fromBatch[lastIndex] === 0) lastIndex--;
  const series =
    head.length === 0 && tail.length === 0
      ? merged
      : {
          ts: joined(
            head.map((row) => row.ts),
            merged.ts,
            tail.map((row) => row.ts),
          ),
          values: joined(
            head.map((row) => row.value),
            merged.values,
            tail.map((row) => row.value),
          ),
        };
  return judgeAroundBatch(
    series,
    register.register_max,
    register.interval_minutes,
    head.length + firstIndex,
    head.length + lastIndex,
    around.steps,
    broken,
  );
}
