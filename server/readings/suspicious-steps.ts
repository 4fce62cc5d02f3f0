import { type RegisterStep, registerStep } from './consumption';

/**
 * How many steps before a step make its point's usual rate: a day of
 * quarter-hours, a quarter of a year of daily readings. Counted in steps, not
 * time, so a step is judged the same whichever order its readings arrived in
 * (a write judges again the steps this many after the readings it brings).
 */
export const HISTORY_STEPS = 96;
/** Rises needed among those steps before a rate is judged at all: a new meter's first readings say too little. */
export const MIN_RISES = 8;
/** A spike runs at more than this many times the usual rate... */
export const SPIKE_FACTOR = 10;
/**
 * ...and books more than this many hours of use at the usual rate: a burst
 * that is fast but small (a heater, a car charging) is real use, while a
 * misread or a register catching up books days of it at once.
 */
export const SPIKE_HOURS = 24;

/**
 * A step across more than this many of its point's reading intervals, and
 * more than GAP_MIN_HOURS, is a gap: the meter was silent, and the use it
 * reports at the end happened at some time within it, not in its last
 * quarter-hour. Averaged over the gap, a register catching up looks like
 * normal use, so the rate check cannot see it.
 */
export const GAP_INTERVALS = 4;
/** A meter silent for a few hours (a gateway restarting) is common; a quarter of a day is worth a look. */
export const GAP_MIN_HOURS = 6;

const HOUR = 3_600_000;

/**
 * Why a step looks wrong: far faster than usual, a drop that is neither a
 * reset nor a rollover, or use reported across a gap.
 */
export type SuspicionKind = 'spike' | 'drop' | 'gap';

/**
 * Whether a step is a gap that books use: one its register's arithmetic says
 * used something across more than GAP_INTERVALS of the point's intervals and
 * GAP_MIN_HOURS. A drop stays a drop. Judged from the step alone (not from
 * the readings before it), so a step is a gap whichever order its readings
 * arrived in: an open gap books nothing, and that must not depend on history.
 */
export function isGapStep(
  from: number,
  to: number,
  step: { used: number; step: RegisterStep },
  intervalMinutes: number,
): boolean {
  const span = to - from;
  return (
    step.step !== 'drop' &&
    step.used > 0 &&
    span > GAP_MIN_HOURS * HOUR &&
    span > GAP_INTERVALS * intervalMinutes * 60_000
  );
}

/** A step of a register that looks wrong on its face, as judged from the readings before it. */
export interface SuspiciousStep {
  /** Index of the step's earlier reading; the later one is next. */
  index: number;
  kind: SuspicionKind;
  /** How the register moved (consumption.ts). */
  movement: RegisterStep;
  /** What the register's own arithmetic books for the step. */
  used: number;
  /** used per hour. */
  rate: number;
  /** The usual rate per hour before the step; null when there were too few rises to judge rates. */
  typicalRate: number | null;
}

/**
 * The suspicious steps among the steps whose earlier reading's index is in
 * [from, to) of a register's readings in time order. A step is a 'drop' when
 * the register fell and that was neither a rollover nor a reset to near zero;
 * otherwise a 'gap' when isGapStep says so; otherwise a 'spike' when its rate is more than SPIKE_FACTOR times the usual rate and
 * it books more than SPIKE_HOURS of usual use. The usual rate is the median of
 * the rates of the rises (steps up by more than zero) among the
 * HISTORY_STEPS steps before it: a median, so one spike or a few idle hours do
 * not move it; rises only, so a meter that is mostly idle (gas in summer) is
 * judged by what it uses when it runs.
 *
 * One pass with a sorted window of the recent rises, so a write judges a
 * large batch for little more than it costs to compute its deltas.
 */
export function suspiciousSteps(
  series: { ts: ArrayLike<number>; values: ArrayLike<number> },
  registerMax: number | null,
  intervalMinutes: number,
  from: number,
  to: number,
): SuspiciousStep[] {
  const { ts, values } = series;
  const end = Math.min(to, ts.length - 1);
  const found: SuspiciousStep[] = [];
  const rises = new RecentRises();
  for (let index = Math.max(0, from - HISTORY_STEPS); index < end; index++) {
    const movement = registerStep(values[index] as number, values[index + 1] as number, registerMax);
    const { used, step } = movement;
    const stepFrom = ts[index] as number;
    const stepTo = ts[index + 1] as number;
    const rate = used / ((stepTo - stepFrom) / HOUR);
    if (index >= from) {
      const typicalRate = rises.median();
      const kind = isGapStep(stepFrom, stepTo, movement, intervalMinutes)
        ? 'gap'
        : suspicionOnRate(movement, rate, typicalRate);
      if (kind !== null) {
        found.push({
          index,
          kind,
          movement: step,
          used,
          rate,
          typicalRate,
        });
      }
    }
    rises.push(step === 'normal' && used > 0 ? rate : Number.NaN);
  }
  return found;
}

/** A drop, or a spike against the usual rate (null: too few rises to judge), or nothing suspicious. */
function suspicionOnRate(
  { used, step }: { used: number; step: RegisterStep },
  rate: number,
  typicalRate: number | null,
): 'drop' | 'spike' | null {
  if (step === 'drop') return 'drop';
  const spike = typicalRate !== null && rate > SPIKE_FACTOR * typicalRate && used > SPIKE_HOURS * typicalRate;
  return spike ? 'spike' : null;
}

/**
 * The rates of the rises among the last HISTORY_STEPS steps, kept sorted: a
 * step in costs a binary search and a move of at most that many numbers, where
 * sorting the window again would cost a sort per step.
 */
class RecentRises {
  /** Each of the last steps' rate, NaN for a step that was no rise; `next` is the oldest. */
  private readonly ring = new Float64Array(HISTORY_STEPS).fill(Number.NaN);
  private next = 0;
  private readonly sorted = new Float64Array(HISTORY_STEPS);
  private count = 0;

  push(rate: number): void {
    const leaving = this.ring[this.next] as number;
    if (!Number.isNaN(leaving)) {
      const at = this.position(leaving);
      this.sorted.copyWithin(at, at + 1, this.count);
      this.count--;
    }
    this.ring[this.next] = rate;
    this.next = (this.next + 1) % HISTORY_STEPS;
    if (!Number.isNaN(rate)) {
      const at = this.position(rate);
      this.sorted.copyWithin(at + 1, at, this.count);
      this.sorted[at] = rate;
      this.count++;
    }
  }

  /** The middle rate (the mean of the middle two for an even count), or null below MIN_RISES. */
  median(): number | null {
    const { count, sorted } = this;
    if (count < MIN_RISES) return null;
    const half = count >> 1;
    return count % 2 === 1
      ? (sorted[half] as number)
      : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2;
  }

  /** The first index whose rate is not below `rate`. */
  private position(rate: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.sorted[middle] as number) < rate) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
