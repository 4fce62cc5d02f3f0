import { registerStep } from './consumption';
import type { StoredStep } from './stored-around';
import { HISTORY_STEPS, type SuspicionKind, suspiciousSteps } from './suspicious-steps';

/** A suspicious step found by a write, as register_steps keeps it (its choice left as it is, or 'open'). */
export interface FoundStep {
  from: number;
  to: number;
  fromValue: number;
  toValue: number;
  kind: SuspicionKind;
  movement: ReturnType<typeof registerStep>['step'];
  used: number;
  rate: number;
  typicalRate: number | null;
}

/** What a write does to the suspicious steps of its register. */
export interface StepChanges {
  /** Rows to delete: steps that are no longer a pair of adjacent readings as stored, or no longer suspicious. */
  remove: number[];
  /** Steps to insert as open, or to refresh where still open (a decided row is left as decided). */
  save: FoundStep[];
  /** The open suspicious steps the batch's readings are part of, for the write's summary. */
  flagged: FoundStep[];
}

/**
 * The stored steps a batch breaks: it puts a reading between their two
 * readings, or changes either value, or (its point's register maximum having
 * changed) the register's arithmetic no longer books the same for them. A
 * broken step's choice no longer applies; the readings either side are judged
 * afresh. `batch.ts` is in time order.
 */
export function brokenSteps(
  batch: { ts: ArrayLike<number>; values: ArrayLike<number> },
  registerMax: number | null,
  steps: readonly StoredStep[],
): Set<StoredStep> {
  const broken = new Set<StoredStep>();
  for (const step of steps) {
    const at = firstAtOrAfter(batch.ts, step.from);
    if (at >= batch.ts.length || (batch.ts[at] as number) > step.to) continue;
    const atFrom = batch.ts[at] === step.from ? at : -1;
    const next = atFrom >= 0 ? at + 1 : at;
    const between = next < batch.ts.length && (batch.ts[next] as number) < step.to;
    const atTo = next < batch.ts.length && batch.ts[next] === step.to ? next : -1;
    const fromValue = atFrom >= 0 ? (batch.values[atFrom] as number) : step.fromValue;
    const toValue = atTo >= 0 ? (batch.values[atTo] as number) : step.toValue;
    if (
      between ||
      fromValue !== step.fromValue ||
      toValue !== step.toValue ||
      registerStep(fromValue, toValue, registerMax).used !== step.used
    ) {
      broken.add(step);
    }
  }
  return broken;
}

/**
 * Judges the steps a batch makes or changes: those its readings are part of,
 * and the HISTORY_STEPS after its last reading, whose usual rate its readings
 * are part of. `series` holds the register's readings in time order from at
 * least HISTORY_STEPS + 1 before the batch to as many after it (fewer where
 * there are none), the batch's readings at indices [firstIndex, lastIndex].
 * Stored steps in the judged range are kept when decided and still standing,
 * refreshed when open and still suspicious, and removed otherwise.
 */
export function judgeAroundBatch(
  series: { ts: ArrayLike<number>; values: ArrayLike<number> },
  registerMax: number | null,
  intervalMinutes: number,
  firstIndex: number,
  lastIndex: number,
  steps: readonly StoredStep[],
  broken: ReadonlySet<StoredStep>,
): StepChanges {
  const start = Math.max(0, firstIndex - 1);
  const end = Math.min(lastIndex + HISTORY_STEPS + 1, series.ts.length - 1);
  const changes: StepChanges = { remove: [], save: [], flagged: [] };
  for (const step of broken) changes.remove.push(step.id);
  if (end <= start) return changes;
  const rangeFrom = series.ts[start] as number;
  const rangeTo = series.ts[end - 1] as number;
  const standing = new Map<number, StoredStep>();
  for (const step of steps) {
    if (step.from >= rangeFrom && step.from <= rangeTo && !broken.has(step)) standing.set(step.from, step);
  }
  const stillSuspicious = new Set<number>();
  for (const found of suspiciousSteps(series, registerMax, intervalMinutes, start, end)) {
    const from = series.ts[found.index] as number;
    const step: FoundStep = {
      from,
      to: series.ts[found.index + 1] as number,
      fromValue: series.values[found.index] as number,
      toValue: series.values[found.index + 1] as number,
      kind: found.kind,
      movement: found.movement,
      used: found.used,
      rate: found.rate,
      typicalRate: found.typicalRate,
    };
    const stored = standing.get(from);
    stillSuspicious.add(from);
    if (stored && stored.status !== 'open') continue;
    changes.save.push(step);
    if (found.index <= lastIndex) changes.flagged.push(step);
  }
  for (const step of standing.values()) {
    if (step.status === 'open' && !stillSuspicious.has(step.from)) changes.remove.push(step.id);
  }
  return changes;
}

/** The first index of a time-ordered array whose instant is at or after `time`. */
function firstAtOrAfter(ts: ArrayLike<number>, time: number): number {
  let low = 0;
  let high = ts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ts[middle] as number) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}
