/**
 * A brute-force reference for the deltas of a cumulative register, written
 * from the rules in consumption.ts's comments rather than from its code, in
 * whole thousandths of the unit (meters read no finer) so that no float noise
 * can make it disagree for the wrong reason.
 */

/** One reading as a meter sent it. */
export interface RawReading {
  /** Epoch milliseconds. */
  ts: number;
  /** The register, in thousandths of its unit. */
  thousandths: number;
}

export type Step = 'normal' | 'reset' | 'rollover' | 'drop';

export interface ReferenceReading extends RawReading {
  /** Used from this reading to the next, in thousandths; null for the last reading. */
  used: number | null;
  /** How the register moved to the next reading; undefined for the last. */
  step: Step | undefined;
}

/**
 * The register as stored once every reading has arrived: one reading per
 * instant (the one sent last), in time order, each with what was used until
 * the next. `sent` is in the order the readings were sent.
 */
export function referenceRegister(sent: RawReading[], registerMax: number | null): ReferenceReading[] {
  const lastSent = new Map<number, number>();
  for (const reading of sent) lastSent.set(reading.ts, reading.thousandths);
  const inTime = [...lastSent.entries()].sort(([a], [b]) => a - b);
  return inTime.map(([ts, thousandths], index) => {
    const next = inTime[index + 1];
    if (!next) return { ts, thousandths, used: null, step: undefined };
    return { ts, thousandths, ...movement(thousandths, next[1], registerMax) };
  });
}

/**
 * Up or level: the difference. Down from within the top tenth of the
 * register's range to within its bottom tenth: it rolled over, and used the
 * rest of the range plus the new reading. Down to within the bottom tenth from
 * elsewhere: a reset to zero, and the new reading is what was used since. Any
 * other drop is implausible, and booked as a reset would be (never below zero).
 */
function movement(earlier: number, later: number, registerMax: number | null): { used: number; step: Step } {
  if (later >= earlier) return { used: later - earlier, step: 'normal' };
  const range = registerMax === null ? 1000 * 10 ** digitsOf(earlier) : registerMax * 1000;
  const fromTop = 10 * earlier >= 9 * range && earlier <= range;
  const toBottom = later >= 0 && 10 * later <= range;
  if (fromTop && toBottom) return { used: range - earlier + later, step: 'rollover' };
  return { used: Math.max(later, 0), step: toBottom ? 'reset' : 'drop' };
}

/**
 * The digits a register needs to show a reading: one that declares no range
 * wraps after its last digit (a six-digit register at 1 000 000).
 */
function digitsOf(thousandths: number): number {
  return String(Math.floor(thousandths / 1000)).length;
}

/** The reading interval of the points the reference is compared with: the data points' default. */
export const REFERENCE_INTERVAL_MINUTES = 15;

/**
 * Whether the step from `register[index]` to the next is a gap, as
 * suspicious-steps.ts's comments state it: the register used something
 * (and did not drop) across more than four of the point's intervals and
 * more than six hours. An open gap books nothing.
 */
export function referenceGap(
  register: ReferenceReading[],
  index: number,
  intervalMinutes = REFERENCE_INTERVAL_MINUTES,
): boolean {
  const reading = register[index];
  const next = register[index + 1];
  if (!reading || !next || reading.used === null || reading.step === 'drop') return false;
  const minutes = (next.ts - reading.ts) / 60_000;
  return reading.used > 0 && minutes > 6 * 60 && minutes > 4 * intervalMinutes;
}

/** What the reading books until anyone decides: the register's use, but nothing across a gap. */
export function referenceOpenDelta(register: ReferenceReading[], index: number): number | null {
  const used = register[index]?.used ?? null;
  if (used === null) return null;
  return referenceGap(register, index) ? 0 : used;
}
