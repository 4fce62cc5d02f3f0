import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { hoursOf } from './stored-hours.test-helper';
import { pointOnNewSite, quarterHours } from './test-points.test-helper';
import { writeReadings } from './write-readings';

async function daily(db: Database, pointId: number) {
  const { rows } = await sql<{
    day: string;
    consumption: number | null;
    readings: number;
    value_min: number;
  }>`
    select day::text as day, consumption, readings, value_min from readings_daily
    where data_point_id = ${pointId} order by day`.execute(db);
  return rows;
}

async function hourly(db: Database, pointId: number) {
  return (await hoursOf(db, pointId)).map(({ hour, consumption, readings }) => ({
    hour: hour.toISOString(),
    consumption,
    readings,
  }));
}

async function deltas(db: Database, pointId: number) {
  const { rows } = await sql<{ delta: number | null }>`
    select delta from readings where data_point_id = ${pointId} order by ts`.execute(db);
  return rows.map((row) => row.delta);
}

/** One kWh in every quarter hour of the given span. */
function steadyUse(from: string, to: string) {
  const ts = quarterHours(from, to);
  return { ts, values: ts.map(() => 1) };
}

describeEachEngine('the readings store on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
  });
  afterAll(async () => handle?.close());

  it('cuts Europe/London days in local time: 23 hours in spring, 25 in autumn', async () => {
    const point = await pointOnNewSite(db, 'interval', 'Europe/London');
    // Local midnight 30 March (GMT) to local midnight 1 April (BST); 26 October (BST) to 28 October (GMT).
    await writeReadings(db, point, steadyUse('2024-03-30T00:00:00Z', '2024-03-31T23:00:00Z'));
    await writeReadings(db, point, steadyUse('2024-10-25T23:00:00Z', '2024-10-28T00:00:00Z'));
    expect(await daily(db, point.id)).toEqual([
      { day: '2024-03-30', consumption: 96, readings: 96, value_min: 1 },
      { day: '2024-03-31', consumption: 92, readings: 92, value_min: 1 },
      { day: '2024-10-26', consumption: 96, readings: 96, value_min: 1 },
      { day: '2024-10-27', consumption: 100, readings: 100, value_min: 1 },
    ]);
    const autumnHours = (await hourly(db, point.id)).filter((row) => row.hour >= '2024-10-26T23:00');
    expect(autumnHours).toHaveLength(25);
    // 01:00 BST and 01:00 GMT are two hours, both kept.
    expect(autumnHours.slice(1, 3)).toEqual([
      { hour: '2024-10-27T00:00:00.000Z', consumption: 4, readings: 4 },
      { hour: '2024-10-27T01:00:00.000Z', consumption: 4, readings: 4 },
    ]);
  });

  it('cuts Australia/Sydney days in local time: 25 hours in April, 23 in October', async () => {
    const point = await pointOnNewSite(db, 'interval', 'Australia/Sydney');
    // 7 April 2024 00:00 AEDT = 6 April 13:00Z; 8 April 00:00 AEST = 7 April 14:00Z.
    await writeReadings(db, point, steadyUse('2024-04-06T13:00:00Z', '2024-04-07T14:00:00Z'));
    // 6 October 2024 00:00 AEST = 5 October 14:00Z; 7 October 00:00 AEDT = 6 October 13:00Z.
    await writeReadings(db, point, steadyUse('2024-10-05T14:00:00Z', '2024-10-06T13:00:00Z'));
    expect((await daily(db, point.id)).map(({ day, consumption }) => ({ day, consumption }))).toEqual([
      { day: '2024-04-07', consumption: 100 },
      { day: '2024-10-06', consumption: 92 },
    ]);
    expect(await hourly(db, point.id)).toHaveLength(25 + 23);
  });

  it('turns a register with a counter reset into interval use', async () => {
    const point = await pointOnNewSite(db, 'cumulative', 'Europe/London');
    const ts = quarterHours('2024-01-15T10:00:00Z', '2024-01-15T11:15:00Z');
    const summary = await writeReadings(db, point, { ts, values: [100, 101, 102.5, 0.5, 1.5] });
    expect(summary).toEqual({ written: 5, resets: 1, rollovers: 0, drops: 0, flagged: [] });
    expect(await deltas(db, point.id)).toEqual([1, 1.5, 0.5, 1, null]);
    expect(await hourly(db, point.id)).toEqual([
      { hour: '2024-01-15T10:00:00.000Z', consumption: 4, readings: 4 },
      { hour: '2024-01-15T11:00:00.000Z', consumption: null, readings: 1 },
    ]);
  });

  it('turns a register that rolls over at its declared maximum into interval use', async () => {
    const point = await pointOnNewSite(db, 'cumulative', 'Europe/London', 1_000_000);
    const ts = quarterHours('2024-01-15T10:00:00Z', '2024-01-15T11:00:00Z');
    const summary = await writeReadings(db, point, { ts, values: [999_998, 999_999.25, 0.5, 1.5] });
    expect(summary).toEqual({ written: 4, resets: 0, rollovers: 1, drops: 0, flagged: [] });
    expect(await deltas(db, point.id)).toEqual([1.25, 1.25, 1, null]);
    expect((await daily(db, point.id))[0]?.consumption).toBe(3.5);
  });

  it('places a late, out-of-order batch between readings already stored', async () => {
    const point = await pointOnNewSite(db, 'cumulative', 'Europe/London');
    const at = (time: string) => Date.parse(`2024-02-01T${time}:00Z`);
    await writeReadings(db, point, { ts: [at('00:00'), at('00:30'), at('01:00')], values: [10, 12, 14] });
    expect(await deltas(db, point.id)).toEqual([2, 2, null]);
    // The two missing quarter hours arrive late, newest first.
    await writeReadings(db, point, { ts: [at('00:45'), at('00:15')], values: [13, 11] });
    expect(await deltas(db, point.id)).toEqual([1, 1, 1, 1, null]);
    // A reading after the last one completes its interval; one before the first opens a new one.
    await writeReadings(db, point, { ts: [at('01:15')], values: [15.5] });
    await writeReadings(db, point, { ts: [Date.parse('2024-01-31T23:45:00Z')], values: [9] });
    expect(await deltas(db, point.id)).toEqual([1, 1, 1, 1, 1, 1.5, null]);
    expect(await daily(db, point.id)).toEqual([
      { day: '2024-01-31', consumption: 1, readings: 1, value_min: 9 },
      { day: '2024-02-01', consumption: 5.5, readings: 6, value_min: 10 },
    ]);
  });

  it('updates values written again instead of adding them twice', async () => {
    const point = await pointOnNewSite(db, 'interval', 'Europe/London');
    const use = steadyUse('2024-05-01T00:00:00Z', '2024-05-01T02:00:00Z');
    await writeReadings(db, point, use);
    await writeReadings(db, point, { ts: use.ts, values: use.values.map(() => 2) });
    expect(await daily(db, point.id)).toEqual([
      { day: '2024-05-01', consumption: 16, readings: 8, value_min: 2 },
    ]);
    const stored = await db
      .selectFrom('data_points')
      .select(['last_value', 'last_ts'])
      .where('id', '=', point.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ last_value: 2, last_ts: new Date('2024-05-01T01:45:00Z') });
  });

  it("writes by the point's settings as stored, not by the caller's older copy of them", async () => {
    // The MQTT subscriber keeps the points it looked up for a while; their site's zone, or a register's
    // maximum, may change meanwhile.
    const interval = await pointOnNewSite(db, 'interval', 'Europe/London');
    await db
      .updateTable('data_points')
      .set({ time_zone: 'Asia/Tokyo' })
      .where('id', '=', interval.id)
      .execute();
    // 24 March 2024 in Tokyo (UTC+9) is 23 March 15:00Z to 24 March 15:00Z; in London it would be two days.
    await writeReadings(db, interval, steadyUse('2024-03-23T15:00:00Z', '2024-03-24T15:00:00Z'));
    expect(await daily(db, interval.id)).toEqual([
      { day: '2024-03-24', consumption: 96, readings: 96, value_min: 1 },
    ]);

    const register = await pointOnNewSite(db, 'cumulative', 'Europe/London');
    await db.updateTable('data_points').set({ register_max: 999 }).where('id', '=', register.id).execute();
    const ts = quarterHours('2024-01-15T10:00:00Z', '2024-01-15T11:00:00Z');
    const summary = await writeReadings(db, register, { ts, values: [997, 998.5, 0.5, 1.5] });
    // With the copy's maximum (none) the step from 998.5 to 0.5 would be a reset, not a rollover.
    expect(summary).toMatchObject({ written: 4, resets: 0, rollovers: 1 });
    expect(await deltas(db, register.id)).toEqual([1.5, 1, 1, null]);
  });
});
