import type { RegisterStepStatus } from '../db/tables';

const QUARTER = 900_000;

/** A suspicious step as booking needs it: its readings' instants, what the register books, and the choice. */
export interface BookedStep {
  from: number;
  to: number;
  used: number;
  status: RegisterStepStatus;
}

/** Use booked in quarter-hours that hold no reading, in time order: the part of spread steps the rollups add. */
export interface ExtraQuarters {
  /** The instant each quarter-hour starts. */
  ts: number[];
  amounts: number[];
}

/**
 * The delta the step's earlier reading carries, as readings.delta keeps it:
 * what the register's arithmetic says while the step is open or accepted,
 * nothing when it is excluded, and when it is spread the share of the step
 * that falls in the reading's own quarter-hour (the rest is in spreadQuarters).
 */
export function bookedDelta(step: BookedStep): number {
  if (step.status === 'excluded') return 0;
  if (step.status !== 'spread') return step.used;
  const ownQuarterEnd = Math.floor(step.from / QUARTER) * QUARTER + QUARTER;
  return share(step, step.from, Math.min(step.to, ownQuarterEnd));
}

/**
 * The quarter-hours after a spread step's own that its use is spread over,
 * each with its share, for quarters starting in [spanFrom, spanTo): evenly in
 * time from the earlier reading to the later, so a quarter the gap covers only
 * in part (the later reading's, when it is not on a quarter-hour) gets that
 * part. Quarter-hours are the same in UTC and in every zone (whole quarters
 * off UTC), so the rollups cut them into local hours and days like readings.
 * Appends to `into`, which must hold only earlier quarters.
 */
export function spreadQuarters(
  step: BookedStep,
  spanFrom: number,
  spanTo: number,
  into: ExtraQuarters,
): void {
  if (step.status !== 'spread') return;
  const ownQuarter = Math.floor(step.from / QUARTER) * QUARTER;
  const first = Math.max(ownQuarter + QUARTER, Math.ceil(spanFrom / QUARTER) * QUARTER);
  const end = Math.min(step.to, spanTo);
  for (let quarter = first; quarter < end; quarter += QUARTER) {
    into.ts.push(quarter);
    into.amounts.push(share(step, quarter, Math.min(step.to, quarter + QUARTER)));
  }
}

/** The step's use in [start, end), evenly by time. */
function share(step: BookedStep, start: number, end: number): number {
  return (step.used * (end - start)) / (step.to - step.from);
}
