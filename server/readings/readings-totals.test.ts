import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { pointOnNewSite, pointOnSite, quarterHours } from './test-points.test-helper';
import { writeReadings } from './write-readings';

/**
 * data_points.readings_total is kept by triggers on readings_daily (migration
 * 0013): after every kind of change it must equal the sum it stands for.
 */
describeEachEngine('readings totals on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(async () => handle?.close());

  async function totalsAgree(pointIds: number[]): Promise<number[]> {
    const { rows } = await sql<{ id: number; total: string; summed: string | null }>`
      select id, readings_total::text as total,
        (select sum(readings)::text from readings_daily where data_point_id = data_points.id) as summed
      from data_points where id = any(${pointIds}::int[]) order by id`.execute(handle.db);
    for (const row of rows) expect(Number(row.total), `point ${row.id}`).toBe(Number(row.summed ?? 0));
    return rows.map((row) => Number(row.total));
  }

  it('follows writes that add days, rewrite days and remove them, point by point', async () => {
    const { db } = handle;
    const first = await pointOnNewSite(db, 'interval', 'Europe/Berlin');
    const second = await pointOnSite(
      db,
      { organisationId: first.organisationId, siteId: first.siteId, timeZone: 'Europe/Berlin' },
      'interval',
    );
    const ts = quarterHours('2024-03-30T00:00:00Z', '2024-04-01T00:00:00Z');
    await writeReadings(db, first, { ts, values: ts.map(() => 1) });
    await writeReadings(db, second, { ts: ts.slice(0, 10), values: ts.slice(0, 10).map(() => 2) });
    expect(await totalsAgree([first.id, second.id])).toEqual([ts.length, 10]);

    // Sent again with some new instants: the repeated ones replace, the new ones add.
    const later = quarterHours('2024-03-31T12:00:00Z', '2024-04-02T00:00:00Z');
    await writeReadings(db, first, { ts: later, values: later.map(() => 3) });
    const distinct = new Set([...ts, ...later]).size;
    expect(await totalsAgree([first.id, second.id])).toEqual([distinct, 10]);

    // Any statement on the rollup moves the total: an update, as a later path might issue one.
    await sql`update readings_daily set readings = readings + 1 where data_point_id = ${second.id}`.execute(
      db,
    );
    expect(await totalsAgree([second.id])).toEqual([11]);

    await db
      .deleteFrom('readings_daily')
      .where('data_point_id', '=', first.id)
      .where('day', '<', '2024-03-31')
      .execute();
    const [afterDelete] = await totalsAgree([first.id]);
    expect(afterDelete).toBeLessThan(distinct);
  });
});
