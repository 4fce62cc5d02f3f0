import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { hoursOf } from '../readings/stored-hours.test-helper';
import { migrate } from './migrate';
import { describeEachEngine, openTestDatabase } from './test-database';

/** Migration 0008 regroups readings_hourly a row per local day: every stored hour must arrive on its day. */
describeEachEngine('migration 0008 on %s', (engine) => {
  it("moves each stored hour onto its local day's row, a 25-hour day included", async () => {
    const handle = await openTestDatabase(engine, { through: '0007_daily_quarter_extremes.sql' });
    const { db } = handle;
    try {
      await sql`insert into users (id, email, password_hash, updated_at)
        values ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'x', now())`.execute(db);
      await sql`insert into organisations (id, name, created_by)
        values (1, 'Org', '00000000-0000-4000-8000-000000000001')`.execute(db);
      const site = await sql<{ id: number }>`insert into entities (organisation_id, type, name)
        values (1, 'site', 'Site') returning id`.execute(db);
      const point = await sql<{ id: number }>`
        insert into data_points (organisation_id, entity_id, name, intent, unit, kind, time_zone)
        values (1, ${site.rows[0]?.id}, 'Meter', 'electricity', 'kWh', 'interval', 'Europe/London')
        returning id`.execute(db);
      const id = point.rows[0]?.id as number;
      // London's clocks went back on 27 October 2024: its local day began at 23:00 UTC the day before.
      await sql`insert into readings_daily (data_point_id, day, consumption, readings, value_sum, value_min, value_max)
        values (${id}, '2024-10-26', 1.5, 4, 1.5, 0.25, 0.5), (${id}, '2024-10-27', 6, 12, 6, 0.5, 0.5)`.execute(
        db,
      );
      await sql`insert into readings_hourly (data_point_id, hour, consumption, readings, value_sum, value_min, value_max, estimated)
        values (${id}, '2024-10-26T22:00:00Z', 1.5, 4, 1.5, 0.25, 0.5, 1),
               (${id}, '2024-10-27T01:00:00Z', 2, 4, 2, 0.5, 0.5, 0),
               (${id}, '2024-10-26T23:00:00Z', 2, 4, 2, 0.5, 0.5, 0),
               (${id}, '2024-10-27T00:00:00Z', 2, 4, 2, 0.5, 0.5, 2)`.execute(db);

      expect(await migrate(db, { through: '0008_hours_by_day.sql' })).toEqual(['0008_hours_by_day.sql']);

      const days = await sql<{ day: string; hours: number }>`
        select day::text as day, cardinality(hour_at) as hours from readings_hours order by day`.execute(db);
      expect(days.rows).toEqual([
        { day: '2024-10-26', hours: 1 },
        { day: '2024-10-27', hours: 3 },
      ]);
      // Read as the product reads them, by organisation and point (migration 0040 keys them so).
      await migrate(db);
      // hour, consumption, readings, value_sum, value_min, value_max, estimated
      const hours = (await hoursOf(db, id)).map((hour) => [
        hour.hour.toISOString(),
        hour.consumption,
        hour.readings,
        hour.value_sum,
        hour.value_min,
        hour.value_max,
        hour.estimated,
      ]);
      expect(hours).toEqual([
        ['2024-10-26T22:00:00.000Z', 1.5, 4, 1.5, 0.25, 0.5, 1],
        ['2024-10-26T23:00:00.000Z', 2, 4, 2, 0.5, 0.5, 0],
        ['2024-10-27T00:00:00.000Z', 2, 4, 2, 0.5, 0.5, 2],
        ['2024-10-27T01:00:00.000Z', 2, 4, 2, 0.5, 0.5, 0],
      ]);
      const tables = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_name = 'readings_hourly' and table_schema = current_schema()`.execute(db);
      expect(tables.rows).toEqual([]);
    } finally {
      await handle.close();
    }
    // Migrating a fresh embedded database step by step takes PGlite several seconds.
  }, 60_000);
});
