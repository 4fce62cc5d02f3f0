import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import type { RegisterStepStatus } from '../db/tables';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { type ReferenceBooking, referenceBooking } from './booked-reference.test-helper';
import { decideRegisterStep } from './decide-step';
import { jumpyMeter } from './jumpy-meter-arbitrary.test-helper';
import { referenceRegister } from './register-reference.test-helper';
import { hoursOf } from './stored-hours.test-helper';
import { pointOnNewSite, pointOnSite } from './test-points.test-helper';
import { writeReadings } from './write-readings';

/**
 * Whatever is chosen for a register's suspicious steps, and whenever (between
 * writes, changed later, broken by a late reading), the stored deltas and the
 * hourly and daily rollups equal a brute force over the raw readings with the
 * choices standing at the end applied (booked-reference.test-helper.ts),
 * grouped by PostgreSQL's own local hours and dates.
 */
// Lord Howe moves its clocks by half an hour; Kolkata is half an hour off UTC.
const ZONES = ['Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'Australia/Lord_Howe'];
const choice = fc.constantFrom<RegisterStepStatus>('open', 'accepted', 'spread', 'excluded');

describeEachEngine('rollups following the choices on suspicious steps on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  const sites: { organisationId: number; siteId: number; timeZone: string; userId: string }[] = [];
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
    for (const zone of ZONES) {
      const first = await pointOnNewSite(db, 'cumulative', zone);
      sites.push({
        organisationId: first.organisationId,
        siteId: first.siteId,
        timeZone: zone,
        userId: first.userId,
      });
    }
  });
  afterAll(async () => handle?.close());

  it('agree with a brute force over raw readings with the choices applied', async () => {
    const decided: Record<RegisterStepStatus, number> = { open: 0, accepted: 0, spread: 0, excluded: 0 };
    await fc.assert(
      fc.asyncProperty(
        jumpyMeter,
        fc.nat(ZONES.length - 1),
        fc.nat(),
        fc.array(choice, { minLength: 1, maxLength: 20 }),
        fc.array(choice, { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        async ({ registerMax, batches }, zone, split, firstChoices, laterChoices, oneByOne) => {
          const site = sites[zone] as (typeof sites)[number];
          const point = await pointOnSite(db, site, 'cumulative', registerMax);
          const decideAll = async (choices: RegisterStepStatus[]) => {
            const steps = await db
              .selectFrom('register_steps')
              .select('id')
              .where('data_point_id', '=', point.id)
              .orderBy('from_ts')
              .execute();
            for (const [index, { id }] of steps.entries()) {
              const decision = choices[index % choices.length] as RegisterStepStatus;
              if (decision === 'open') continue;
              await decideRegisterStep(db, site.organisationId, site.userId, { id, decision });
            }
          };
          const write = async (readings: (typeof batches)[number]) =>
            db.transaction().execute((trx) =>
              writeReadings(trx, point, {
                ts: readings.map((reading) => reading.ts),
                values: readings.map((reading) => reading.thousandths / 1000),
              }),
            );
          const firstPart = split % (batches.length + 1);
          for (const batch of batches.slice(0, firstPart)) await write(batch);
          await decideAll(firstChoices);
          // Later readings may land inside a decided step, or change one of its readings; one at a time, a
          // reading inside a spread gap is written alone, far from most of the days the spread booked use in.
          for (const batch of batches.slice(firstPart)) {
            if (oneByOne) for (const reading of batch) await write([reading]);
            else await write(batch);
          }
          await decideAll(laterChoices);

          const register = referenceRegister(batches.flat(), registerMax);
          const standing = await stepsOf(db, point.id);
          for (const step of standing) {
            // Every stored step is two adjacent readings as stored, with the values it names.
            const at = register.findIndex((reading) => reading.ts === step.from);
            expect(register[at + 1]?.ts, 'a stored step is two adjacent readings').toBe(step.to);
            expect(register[at]?.thousandths).toBe(Math.round(step.fromValue * 1000));
            expect(register[at + 1]?.thousandths).toBe(Math.round(step.toValue * 1000));
            decided[step.status]++;
          }
          const reference = referenceBooking(
            register,
            new Map(standing.map((step) => [step.from, step.status])),
          );
          const deltas = await sql<{ delta: number | null }>`
            select delta from readings where data_point_id = ${point.id} order by ts`.execute(db);
          expect(deltas.rows.map((row) => row.delta)).toEqual(reference.deltas.map(closeToMillionths));
          await expectRollupsToMatch(db, point.id, site.timeZone, reference);
        },
      ),
      { numRuns: engine === 'pglite' ? 40 : 25 },
    );
    // Agreeing proves little unless every choice is made, and more than once. Each run's steps and
    // choices are random: 25 runs on PostgreSQL made as few as 11 of one choice, so the floor is 5.
    expect(decided.spread).toBeGreaterThanOrEqual(5);
    expect(decided.excluded).toBeGreaterThanOrEqual(5);
    expect(decided.accepted).toBeGreaterThanOrEqual(5);
  }, 600_000);
});

async function stepsOf(db: Database, pointId: number) {
  const rows = await db
    .selectFrom('register_steps')
    .select(['from_ts', 'to_ts', 'from_value', 'to_value', 'status'])
    .where('data_point_id', '=', pointId)
    .orderBy('from_ts')
    .execute();
  return rows.map((row) => ({
    from: new Date(row.from_ts).getTime(),
    to: new Date(row.to_ts).getTime(),
    fromValue: row.from_value,
    toValue: row.to_value,
    status: row.status,
  }));
}

/** The stored hours, days and days' quarter-hours against PostgreSQL's grouping of the reference's bookings. */
async function expectRollupsToMatch(
  db: Database,
  pointId: number,
  zone: string,
  reference: ReferenceBooking,
) {
  const booked = sql`(select to_timestamp(t / 1000.0) as at, a from unnest(
    ${reference.quarters.ts}::float8[], ${reference.quarters.amounts}::float8[]) as b(t, a))`;
  const hours = (await hoursOf(db, pointId)).map(({ hour, consumption, readings, value_max }) => ({
    hour,
    consumption,
    readings,
    value_max,
  }));
  const bruteHours = await sql<{
    hour: Date;
    consumption: number | null;
    readings: number;
    value_max: number | null;
  }>`
    select hour, sum(consumption) as consumption, sum(readings)::int as readings, max(value_max) as value_max
    from (
      select date_trunc('hour', at, ${zone}) as hour, a as consumption, 0 as readings, null::float8 as value_max
      from ${booked} as q
      union all
      select date_trunc('hour', ts, ${zone}), null, 1, value from readings where data_point_id = ${pointId}
    ) as parts group by 1 order by 1`.execute(db);
  expect(plainRows(hours)).toEqual(closeRows(bruteHours.rows));

  const days = await sql<{ day: string; consumption: number | null; readings: number }>`
    select day::text as day, consumption, readings, quarters, quarter_sum, quarter_min, quarter_min_at,
      quarter_max, quarter_max_at
    from readings_daily where data_point_id = ${pointId} order by day`.execute(db);
  const bruteDays = await sql<{ day: string; consumption: number | null; readings: number }>`
    with quarter as (
      select at, sum(a) as v from ${booked} as q group by 1
    ), quarter_days as (
      select (at at time zone ${zone})::date as day, count(*)::int as quarters, sum(v) as quarter_sum,
        (array_agg(v order by v, at))[1] as quarter_min, (array_agg(at order by v, at))[1] as quarter_min_at,
        (array_agg(v order by v desc, at))[1] as quarter_max, (array_agg(at order by v desc, at))[1] as quarter_max_at
      from quarter group by 1
    ), reading_days as (
      select (ts at time zone ${zone})::date as day, count(*)::int as readings
      from readings where data_point_id = ${pointId} group by 1
    )
    select coalesce(q.day, r.day)::text as day, q.quarter_sum as consumption, coalesce(r.readings, 0) as readings,
      coalesce(q.quarters, 0) as quarters, coalesce(q.quarter_sum, 0) as quarter_sum, q.quarter_min, q.quarter_min_at,
      q.quarter_max, q.quarter_max_at
    from quarter_days q full join reading_days r on r.day = q.day order by 1`.execute(db);
  expect(plainRows(days.rows)).toEqual(closeRows(bruteDays.rows));
}

/**
 * Within half a millionth: the product's float noise (under 1e-9) passes, any real difference fails. Rounding
 * both sides to six places did not: values a hair either side of a half-millionth rounded apart.
 */
function closeToMillionths(value: number | null): unknown {
  return value === null ? null : expect.closeTo(value, 6);
}

/** The expected rows with each number matched within half a millionth (sums differ by the order they were added in). */
function closeRows<T extends Record<string, unknown>>(rows: T[]): Record<string, unknown>[] {
  return plainRows(rows).map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'number' ? closeToMillionths(value) : value,
      ]),
    ),
  );
}

/** Rows with their instants as ISO text, as both sides are compared. */
function plainRows<T extends Record<string, unknown>>(rows: T[]): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
    ),
  );
}
