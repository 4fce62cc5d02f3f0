import { sql } from 'kysely';
import type { ZoneOffset } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import type { RegisterStepStatus } from '../db/tables';
import { type DaySpan, daySpan } from './day-span';
import { ofPoint, type PointKey } from './point-key';
import { HISTORY_STEPS } from './suspicious-steps';

/** A stored reading as a write uses it: the instant in epoch milliseconds. */
export type StoredRow = { ts: number; value: number; delta: number | null; quality: number };

/** A stored suspicious step as a write needs it: the pair of readings it is, what it books, and the choice. */
export interface StoredStep {
  id: number;
  from: number;
  to: number;
  fromValue: number;
  toValue: number;
  used: number;
  status: RegisterStepStatus;
}

/** What a register's write reads before it works: the readings around the batch and the steps it may touch. */
export interface AroundBatch {
  /** Up to HISTORY_STEPS + 1 readings before the batch, in time order: the last is its earlier neighbour. */
  head: StoredRow[];
  /** Up to HISTORY_STEPS + 1 readings after the batch, in time order: the first is its later neighbour. */
  tail: StoredRow[];
  /** The readings of the whole local days the write rebuilds, in time order. */
  stored: StoredRow[];
  span: DaySpan;
  /**
   * The stored suspicious steps from shortly before the earlier neighbour to
   * the end of the tail, in time order: those the write judges again or may
   * break, and those booking use in the span.
   */
  steps: StoredStep[];
}

/** A readings row as a write uses it: the instant in epoch milliseconds. */
export const storedRow = (row: Omit<StoredRow, 'ts'> & { ts: Date }): StoredRow => ({
  ts: row.ts.getTime(),
  value: row.value,
  delta: row.delta,
  quality: row.quality,
});

type AroundRow = Omit<StoredRow, 'ts'> & {
  side: 'head' | 'tail' | 'span' | 'step';
  ts: Date;
  to_ts: Date | null;
  to_value: number | null;
  status: RegisterStepStatus | null;
  id: number | null;
};

/**
 * Everything a register's write reads, in one round trip: the whole local
 * days it rebuilds and their readings, the readings either side of the batch
 * that its steps are judged against (suspicious-steps.ts), and the stored
 * steps around it. The earlier neighbour's day is in the span too, since its
 * delta changes; it is only known once read, so a batch that starts a new day
 * after a gap reads that day's readings in a second query.
 */
export async function storedAroundRegister(
  db: Database,
  point: PointKey,
  offset: ZoneOffset,
  first: number,
  last: number,
): Promise<AroundBatch> {
  const batchSpan = daySpan(offset, first, last);
  const around = HISTORY_STEPS + 1;
  const { rows } = await sql<AroundRow>`
    with head as (
      select ts, value, delta, quality from readings
      where ${ofPoint(point)} and ts < ${new Date(first)} order by ts desc limit ${around}
    ), tail as (
      select ts, value, delta, quality from readings
      where ${ofPoint(point)} and ts > ${new Date(last)} order by ts limit ${around}
    )
    select 'head' as side, ts, value, delta, quality,
      null::timestamptz as to_ts, null::float8 as to_value, null::text as status, null::int4 as id
    from head
    union all
    select 'tail', ts, value, delta, quality, null, null, null, null from tail
    union all
    (select 'span', ts, value, delta, quality, null, null, null, null from readings
      where ${ofPoint(point)} and ts >= ${new Date(batchSpan.from)} and ts < ${new Date(batchSpan.to)})
    union all
    (select 'step', from_ts, from_value, used, 0::int2, to_ts, to_value, status, id from register_steps
      where ${ofPoint(point)}
        -- Two days before the earlier neighbour reach back past the start of its local day in any zone.
        and to_ts > coalesce((select max(ts) from head), ${new Date(first)}) - interval '2 days'
        -- The steps judged again reach to the end of the tail; those booking use in the span, to the end
        -- of the last reading's local day, within two days of it in any zone.
        and from_ts <= greatest(coalesce((select max(ts) from tail), ${new Date(last)}),
                                ${new Date(last)}::timestamptz + interval '2 days'))
  `.execute(db);
  // A union's order is not promised, whatever its parts' order: each side is put in time order here.
  const side = (name: AroundRow['side']) =>
    rows
      .filter((row) => row.side === name)
      .map(storedRow)
      .sort((a, b) => a.ts - b.ts);
  const head = side('head');
  const tail = side('tail');
  const steps = rows
    .filter((row) => row.side === 'step')
    .map((row) => ({
      id: row.id as number,
      from: row.ts.getTime(),
      to: (row.to_ts as Date).getTime(),
      fromValue: row.value,
      toValue: row.to_value as number,
      used: row.delta as number,
      status: row.status as RegisterStepStatus,
    }))
    .sort((a, b) => a.from - b.from);
  const span = daySpan(offset, head.at(-1)?.ts ?? first, last);
  const stored =
    span.from < batchSpan.from ? await storedBetween(db, point, span.from, span.to) : side('span');
  return { head, tail, stored, span, steps };
}

/** A point's readings in [from, to), in time order. */
export async function storedBetween(
  db: Database,
  point: PointKey,
  from: number,
  to: number,
): Promise<StoredRow[]> {
  const { rows } = await sql<Omit<StoredRow, 'ts'> & { ts: Date }>`
    select ts, value, delta, quality from readings
    where ${ofPoint(point)} and ts >= ${new Date(from)} and ts < ${new Date(to)} order by ts
  `.execute(db);
  return rows.map(storedRow);
}
