import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { seededRandom } from '../demo/seeded-random';
import { registerDeltas } from './consumption';
import { hoursOf } from './stored-hours.test-helper';
import { isGapStep } from './suspicious-steps';
import { pointOnNewSite, quarterHours } from './test-points.test-helper';
import { writeReadings } from './write-readings';

/**
 * However readings arrive (batches out of order, overlapping, rewritten), the
 * stored deltas and rollups equal what a brute-force pass over all stored
 * readings gives: the register's deltas recomputed from scratch, and
 * PostgreSQL's own grouping by local hour and local date.
 */
// Lord Howe moves its clocks by half an hour, so its hours are cut around a change that is not a whole hour.
const ZONES = ['Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'Australia/Lord_Howe'];

describeEachEngine('rollups kept by many writes agree with a brute-force pass on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
  });
  afterAll(async () => handle?.close());

  it.each(ZONES)('in %s', async (zone) => {
    const point = await pointOnNewSite(db, 'cumulative', zone);
    const random = seededRandom(zone.length);
    // Three days around the October changes of both hemispheres, a register climbing by 0–2 a quarter hour.
    const all = quarterHours('2024-10-04T00:00:00Z', '2024-10-08T00:00:00Z').concat(
      quarterHours('2024-10-25T00:00:00Z', '2024-10-29T00:00:00Z'),
    );
    let register = 5_000;
    const values = all.map(() => {
      register += Math.round(random() * 2000) / 1000;
      return register;
    });
    // Twelve batches of random slices, in random order, some overlapping, some rewriting values already sent.
    for (let batch = 0; batch < 12; batch++) {
      const start = Math.floor(random() * all.length);
      const length = 1 + Math.floor(random() * 150);
      const indices = Array.from({ length }, (_, offset) => start + offset).filter(
        (index) => index < all.length,
      );
      indices.sort(() => random() - 0.5);
      await db.transaction().execute((trx) =>
        writeReadings(trx, point, {
          ts: indices.map((index) => all[index] as number),
          values: indices.map((index) => values[index] as number),
        }),
      );
    }

    const stored = (
      await sql<{ ts: Date; value: number; delta: number | null }>`
        select ts, value, delta from readings where data_point_id = ${point.id} order by ts`.execute(db)
    ).rows;
    expect(stored.length).toBeGreaterThan(100);
    // The slices leave holes: a step across one longer than six hours books nothing until decided.
    const fromScratch = registerDeltas(
      stored.map((row) => row.value),
      null,
    ).deltas.map((delta, index) => {
      const next = stored[index + 1];
      const row = stored[index] as (typeof stored)[number];
      const step = { used: delta ?? 0, step: 'normal' as const };
      return next && isGapStep(row.ts.getTime(), next.ts.getTime(), step, point.interval_minutes) ? 0 : delta;
    });
    expect(stored.map((row) => row.delta)).toEqual(fromScratch);

    const hourly = (await hoursOf(db, point.id)).map(({ hour, consumption, readings, value_max }) => ({
      hour,
      consumption,
      readings,
      value_max,
    }));
    const bruteHourly = await sql<{
      hour: Date;
      consumption: number | null;
      readings: number;
      value_max: number;
    }>`
      select date_trunc('hour', ts, ${zone}) as hour, sum(delta) as consumption, count(*)::int as readings, max(value) as value_max
      from readings where data_point_id = ${point.id} group by 1 order by 1`.execute(db);
    expect(roundAll(hourly)).toEqual(roundAll(bruteHourly.rows));

    const daily = await sql<{ day: string; consumption: number | null; readings: number }>`
      select day::text as day, consumption, readings from readings_daily where data_point_id = ${point.id} order by day`.execute(
      db,
    );
    const bruteDaily = await sql<{ day: string; consumption: number | null; readings: number }>`
      select (ts at time zone ${zone})::date::text as day, sum(delta) as consumption, count(*)::int as readings
      from readings where data_point_id = ${point.id} group by 1 order by 1`.execute(db);
    expect(roundAll(daily.rows)).toEqual(roundAll(bruteDaily.rows));
    expect(await storedQuarters(db, point.id)).toEqual(
      await bruteQuarters(db, point.id, zone, 'consumption'),
    );
  });

  it.each(['Europe/London', 'Asia/Kolkata'])('for a state read every 5 minutes in %s', async (zone) => {
    const point = await pointOnNewSite(db, 'instantaneous', zone);
    const random = seededRandom(zone.length + 7);
    // Two days across London's October change, with a gap of an hour and a half on the second.
    const all: number[] = [];
    for (
      let time = Date.parse('2024-10-26T00:00:00Z');
      time < Date.parse('2024-10-28T00:00:00Z');
      time += 300_000
    ) {
      if (time < Date.parse('2024-10-27T09:00:00Z') || time >= Date.parse('2024-10-27T10:30:00Z'))
        all.push(time);
    }
    const values = all.map(() => Math.round(random() * 40_000) / 1000);
    for (let batch = 0; batch < 8; batch++) {
      const start = Math.floor(random() * all.length);
      const indices = Array.from(
        { length: 1 + Math.floor(random() * 200) },
        (_, offset) => start + offset,
      ).filter((index) => index < all.length);
      await db.transaction().execute((trx) =>
        writeReadings(trx, point, {
          ts: indices.map((index) => all[index] as number),
          values: indices.map((index) => values[index] as number),
        }),
      );
    }
    const quarters = await storedQuarters(db, point.id);
    expect(quarters.length).toBeGreaterThan(0);
    expect(quarters).toEqual(await bruteQuarters(db, point.id, zone, 'state'));
  });
});

type QuarterRow = {
  day: string;
  quarters: number;
  quarter_sum: number;
  quarter_min: number;
  quarter_min_at: Date;
  quarter_max: number;
  quarter_max_at: Date;
};

async function storedQuarters(db: Database, pointId: number): Promise<QuarterRow[]> {
  const { rows } = await sql<QuarterRow>`
    select day::text as day, quarters, quarter_sum, quarter_min, quarter_min_at, quarter_max, quarter_max_at
    from readings_daily where data_point_id = ${pointId} and quarters > 0 order by day`.execute(db);
  return roundAll(rows);
}

/** PostgreSQL's own quarter-hours (date_bin), grouped by local date; the first lowest and highest in time order. */
async function bruteQuarters(
  db: Database,
  pointId: number,
  zone: string,
  measure: 'consumption' | 'state',
): Promise<QuarterRow[]> {
  const value = sql.raw(measure === 'consumption' ? 'sum(delta)' : 'avg(value)');
  const { rows } = await sql<QuarterRow>`
    with quarter as (
      select date_bin('15 minutes', ts, timestamptz '2000-01-01 00:00:00+00') as at, ${value} as v
      from readings where data_point_id = ${pointId} and (${measure} = 'state' or delta is not null) group by 1
    )
    select (at at time zone ${zone})::date::text as day, count(*)::int as quarters, sum(v) as quarter_sum,
      (array_agg(v order by v, at))[1] as quarter_min, (array_agg(at order by v, at))[1] as quarter_min_at,
      (array_agg(v order by v desc, at))[1] as quarter_max, (array_agg(at order by v desc, at))[1] as quarter_max_at
    from quarter group by 1 order by 1`.execute(db);
  return roundAll(rows);
}

/** Sums of decimals differ in the last binary digits by the order they were added in. */
function roundAll<T extends Record<string, unknown>>(rows: T[]): T[] {
  return rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          typeof value === 'number'
            ? Math.round(value * 1e6) / 1e6
            : value instanceof Date
              ? value.toISOString()
              : value,
        ]),
      ) as T,
  );
}
