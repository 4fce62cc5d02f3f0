/**
 * A brute-force reference for how a register's use is booked once choices
 * are made on its suspicious steps, written from the rules in
 * migrations 0010's and 0022's comments rather than from step-booking.ts: an
 * accepted step, or an open one that is no gap, books what the register says
 * in its earlier reading's quarter-hour; an open gap and an excluded step
 * book nothing there; and a spread one books its use evenly by time over
 * every quarter-hour from its earlier reading to its later one.
 */
import type { RegisterStepStatus } from '../db/tables';
import { type ReferenceReading, referenceGap } from './register-reference.test-helper';

const QUARTER = 900_000;

export interface ReferenceBooking {
  /** Each reading's booked delta: what it carries in its own quarter-hour; null for the last. */
  deltas: (number | null)[];
  /** Every booking, by the quarter-hour it lands in (several may share one). */
  quarters: { ts: number[]; amounts: number[] };
}

/** `choices` by the instant of a step's earlier reading; a step not named is booked as the register says. */
export function referenceBooking(
  register: ReferenceReading[],
  choices: ReadonlyMap<number, RegisterStepStatus>,
): ReferenceBooking {
  const deltas: (number | null)[] = [];
  const quarters = { ts: [] as number[], amounts: [] as number[] };
  register.forEach((reading, index) => {
    const next = register[index + 1];
    if (!next || reading.used === null) {
      deltas.push(null);
      return;
    }
    const used = reading.used / 1000;
    const own = Math.floor(reading.ts / QUARTER) * QUARTER;
    const choice = choices.get(reading.ts) ?? 'open';
    if (choice !== 'spread') {
      const booked = choice === 'excluded' || (choice === 'open' && referenceGap(register, index)) ? 0 : used;
      deltas.push(booked);
      quarters.ts.push(own);
      quarters.amounts.push(booked);
      return;
    }
    for (let quarter = own; quarter < next.ts; quarter += QUARTER) {
      const covered = Math.min(next.ts, quarter + QUARTER) - Math.max(reading.ts, quarter);
      const amount = (used * covered) / (next.ts - reading.ts);
      if (quarter === own) deltas.push(amount);
      quarters.ts.push(quarter);
      quarters.amounts.push(amount);
    }
  });
  return { deltas, quarters };
}
