import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { migrate } from '../db/migrate';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { ensureReadingPartitions, partitionedYears } from './partitions';
import { writeBatches } from './readings-writer';
import { pointOnNewSite } from './test-points.test-helper';
import type { PointForWrite } from './write-readings';

const NOW = new Date('2026-12-02T12:00:00Z');
const HOUR = 3_600_000;

/** Which table each of the point's readings is kept in, by instant. */
async function placeOf(handle: DatabaseHandle, pointId: number): Promise<Record<string, string>> {
  const { rows } = await sql<{ ts: Date; place: string }>`
    select ts, tableoid::regclass::text as place from readings where data_point_id = ${pointId} order by ts`.execute(
    handle.db,
  );
  return Object.fromEntries(rows.map((row) => [row.ts.toISOString(), row.place]));
}

describeEachEngine('readings partitioned by year on %s', (engine) => {
  let handle: DatabaseHandle;
  let point: PointForWrite;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    point = await pointOnNewSite(handle.db, 'interval', 'UTC');
  });
  afterAll(async () => handle?.close());

  const write = (instants: string[], to = point) =>
    writeBatches(handle.db, 'csv', [
      { point: to, series: { ts: instants.map((at) => Date.parse(at)), values: instants.map(() => 1) } },
    ]);

  it('keeps readings of the last ten years in their year’s partition from the start', async () => {
    const year = new Date().getUTCFullYear() - 10;
    const recent = await pointOnNewSite(handle.db, 'interval', 'UTC');
    await write([`${year}-03-01T00:00:00Z`], recent);
    expect(await placeOf(handle, recent.id)).toEqual({ [`${year}-03-01T00:00:00.000Z`]: `readings_${year}` });
  });

  it('gives a year found among the others a partition of its own, its readings moved there and still read', async () => {
    await write(['2009-06-01T00:00:00Z', '2009-12-31T23:45:00Z', '2010-01-01T00:00:00Z']);
    expect(await placeOf(handle, point.id)).toEqual({
      '2009-06-01T00:00:00.000Z': 'readings_other',
      '2009-12-31T23:45:00.000Z': 'readings_other',
      '2010-01-01T00:00:00.000Z': 'readings_other',
    });
    expect(await ensureReadingPartitions(handle.db, NOW)).toEqual([2009, 2010]);
    expect(await placeOf(handle, point.id)).toEqual({
      '2009-06-01T00:00:00.000Z': 'readings_2009',
      '2009-12-31T23:45:00.000Z': 'readings_2009',
      '2010-01-01T00:00:00.000Z': 'readings_2010',
    });
    // Once made, nothing is left to do; later writes of those years go straight to their partitions.
    expect(await ensureReadingPartitions(handle.db, NOW)).toEqual([]);
    await write(['2009-07-01T00:00:00Z']);
    expect((await placeOf(handle, point.id))['2009-07-01T00:00:00.000Z']).toBe('readings_2009');
    // The rollups were written as ever, whichever table the readings went to.
    const days = await handle.db
      .selectFrom('readings_daily')
      .select((eb) => eb.fn.countAll<string>().as('days'))
      .where('data_point_id', '=', point.id)
      .executeTakeFirstOrThrow();
    expect(Number(days.days)).toBe(4);
  });

  it('makes next year’s partition before the year begins', async () => {
    expect(await ensureReadingPartitions(handle.db, new Date('2027-06-01T00:00:00Z'))).toEqual([2028]);
    expect(await partitionedYears(handle.db)).toEqual(expect.arrayContaining([2026, 2027, 2028]));
  });

  it('lets an old year be detached whole, as archiving does, leaving the other years read as before', async () => {
    await sql`alter table readings detach partition readings_2009`.execute(handle.db);
    expect(Object.values(await placeOf(handle, point.id))).toEqual(['readings_2010']);
    const archived = await sql<{
      count: number;
    }>`select count(*)::integer as count from readings_2009`.execute(handle.db);
    expect(archived.rows[0]?.count).toBe(3);
  });
});

describeEachEngine('the readings of an install migrated to partitions on %s', (engine) => {
  it('keeps every reading, each in the partition of its year', async () => {
    const handle = await openTestDatabase(engine, { through: '0038_rate_limits.sql' });
    try {
      const at = (iso: string) => new Date(iso);
      // As the table was then, before readings were keyed by organisation (migration 0040).
      await sql`
        insert into readings (data_point_id, ts, value, delta, quality) values
          (1, ${at('2024-03-01T00:00:00Z')}, 1, null, 0),
          (1, ${at('2025-03-01T00:00:00Z')}, 2, 1, 0),
          (2, ${new Date(Date.now() - HOUR)}, 3, null, 1)
      `.execute(handle.db);
      await migrate(handle.db, { through: '0039_readings_by_year.sql' });
      const { rows } = await sql<{ data_point_id: number; value: number; quality: number; place: string }>`
        select data_point_id, value, quality, tableoid::regclass::text as place from readings order by ts`.execute(
        handle.db,
      );
      const thisYear = new Date().getUTCFullYear();
      expect(rows).toEqual([
        { data_point_id: 1, value: 1, quality: 0, place: 'readings_2024' },
        { data_point_id: 1, value: 2, quality: 0, place: 'readings_2025' },
        { data_point_id: 2, value: 3, quality: 1, place: `readings_${thisYear}` },
      ]);
      // The last ten years, this one and the next.
      expect(await partitionedYears(handle.db)).toEqual(
        Array.from({ length: 12 }, (_, index) => thisYear - 10 + index),
      );
    } finally {
      await handle.close();
    }
  });
});
