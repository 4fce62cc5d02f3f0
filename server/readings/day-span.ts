import { localDayNumber, localDayStart, type ZoneOffset } from '../../src/time/zone-offsets';

/** Whole local days, [from, to): the unit every write rebuilds rollups in. */
export interface DaySpan {
  from: number;
  to: number;
}

/** The local days [from, to) that hold the instants fromMs to toMs. */
export function daySpan(offset: ZoneOffset, fromMs: number, toMs: number): DaySpan {
  return {
    from: localDayStart(offset, localDayNumber(offset, fromMs)),
    to: localDayStart(offset, localDayNumber(offset, toMs) + 1),
  };
}
