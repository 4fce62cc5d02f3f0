import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { seededRandom } from '../demo/seeded-random';
import { pointOnNewSite, pointOnSite } from './test-points.test-helper';
import { writePoints } from './write-points';
import { type PointForWrite, writeReadings } from './write-readings';

const QUARTER = 900_000;
const START = Date.UTC(2024, 9, 25);
/** Kinds and zones side by side: London and Sydney both change their clocks in the days written. */
const TWINS: [DataPointKind, string][] = [
  ['interval', 'Europe/London'],
  ['instantaneous', 'Australia/Sydney'],
  ['cumulative', 'Europe/London'],
  ['interval', 'Asia/Kolkata'],
];

/** Counts the statements a database runs, COPYs included. */
function countingStatements(db: Database) {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => statements };
}

describeEachEngine('writing several points at once on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
  });
  afterAll(async () => handle?.close());

  /** Two points of each kind and zone on one new site each: the first written one by one, the second with the others. */
  async function twins(): Promise<{ alone: PointForWrite; together: PointForWrite }[]> {
    const made = [];
    for (const [kind, zone] of TWINS) {
      const alone = await pointOnNewSite(db, kind, zone);
      const site = { organisationId: alone.organisationId, siteId: alone.siteId, timeZone: zone };
      const together = await pointOnSite(db, site, kind);
      made.push({ alone, together });
    }
    return made;
  }

  it('stores what writing each point alone stores: readings, deltas, rollups and last values, batch after batch', async () => {
    const pairs = await twins();
    const random = seededRandom(42);
    const registers = pairs.map(() => 1_000);
    // Rounds of small batches, as a gateway or the MQTT inbox sends them: mostly new quarter-hours, some sent
    // again with other values, some late, some repeated within the batch.
    for (let round = 0; round < 40; round++) {
      const batches = pairs.map((_, index) => {
        const ts: number[] = [];
        const values: number[] = [];
        const count = 1 + Math.floor(random() * 5);
        for (let reading = 0; reading < count; reading++) {
          const late = random() < 0.2;
          const at = START + QUARTER * (late ? Math.floor(random() * round * 5) : round * 5 + reading);
          registers[index] = (registers[index] as number) + Math.round(random() * 2000) / 1000;
          ts.push(at);
          values.push(
            TWINS[index]?.[0] === 'cumulative'
              ? (registers[index] as number)
              : Math.round(random() * 500) / 10,
          );
        }
        return { ts, values };
      });
      await db.transaction().execute(async (trx) => {
        for (const [index, { alone }] of pairs.entries())
          await writeReadings(trx, alone, batches[index] as never);
      });
      await db.transaction().execute((trx) =>
        writePoints(
          trx,
          pairs.map(({ together }, index) => ({ point: together, series: batches[index] as never })),
        ),
      );
    }
    // Last, a batch wholly before the rest: the points keep their latest reading as their last value.
    const past = { ts: [START - 10 * QUARTER], values: [7] };
    await db.transaction().execute(async (trx) => {
      for (const { alone } of pairs) await writeReadings(trx, alone, past);
    });
    await db.transaction().execute((trx) =>
      writePoints(
        trx,
        pairs.map(({ together }) => ({ point: together, series: past })),
      ),
    );
    for (const { alone, together } of pairs)
      expect(await storedOf(db, together.id)).toEqual(await storedOf(db, alone.id));
  });

  it('writes twenty meters of a few readings each in a handful of statements, not a handful each', async () => {
    const first = await pointOnNewSite(db, 'interval', 'Europe/London');
    const site = { organisationId: first.organisationId, siteId: first.siteId, timeZone: 'Europe/London' };
    const points: PointForWrite[] = [first];
    for (let index = 1; index < 20; index++) points.push(await pointOnSite(db, site, 'interval'));
    const series = { ts: [START, START + QUARTER, START + 2 * QUARTER], values: [1, 2, 3] };
    const counted = countingStatements(db);
    const summaries = await counted.db.transaction().execute((trx) =>
      writePoints(
        trx,
        points.map((point) => ({ point, series })),
      ),
    );
    expect(summaries.map((summary) => summary.written)).toEqual(points.map(() => 3));
    // Locks, settings, stored readings, readings, rollups (3), last values: 8, with begin and commit 10.
    expect(counted.count()).toBeLessThanOrEqual(10);
    expect(await storedOf(db, points[19]?.id as number)).toMatchObject({ last: { value: 3 } });
  });
});

/** A point's readings, rollups and last value, without its ids: what two twin points must agree on. */
async function storedOf(db: Database, pointId: number) {
  const readings = await sql<{ ts: string; value: number; delta: number | null; quality: number }>`
    select ts::text, value, delta, quality from readings where data_point_id = ${pointId} order by ts`.execute(
    db,
  );
  const hours = await sql`
    select day::text, hour_at::text, consumption::text, readings::text, value_sum::text, value_min::text, value_max::text, estimated::text
    from readings_hours where data_point_id = ${pointId} order by day`.execute(db);
  const days = await sql`
    select day::text, consumption, readings, value_sum, value_min, value_max, estimated, quarters, quarter_sum,
      quarter_min, quarter_min_at::text, quarter_max, quarter_max_at::text
    from readings_daily where data_point_id = ${pointId} order by day`.execute(db);
  const last = await db
    .selectFrom('data_points')
    .select(['last_ts', 'last_value'])
    .where('id', '=', pointId)
    .executeTakeFirstOrThrow();
  return {
    readings: readings.rows,
    hours: hours.rows,
    days: days.rows,
    last: { ts: last.last_ts?.toISOString(), value: last.last_value },
  };
}
