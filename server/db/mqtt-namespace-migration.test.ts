import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrate } from './migrate';
import { describeEachEngine, openTestDatabase } from './test-database';

/** Migration 0009 gives every organisation an MQTT namespace and makes topics and DevEUIs unique per organisation. */
describeEachEngine('migration 0009 on %s', (engine) => {
  it('gives existing organisations distinct namespaces and lets a second organisation use a DevEUI and topic', async () => {
    const { db, close } = await openTestDatabase(engine, { through: '0008_hours_by_day.sql' });
    try {
      await sql`insert into users (id, email, password_hash, updated_at)
        values ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'x', now())`.execute(db);
      await sql`insert into organisations (id, name, created_by)
        values (1, 'A', '00000000-0000-4000-8000-000000000001'),
               (2, 'B', '00000000-0000-4000-8000-000000000001')`.execute(db);
      await sql`insert into lorawan_devices (organisation_id, dev_eui, name, decoder)
        values (1, '70B3D57ED0061A2C', 'A probe', '{"type":"network"}')`.execute(db);

      expect((await migrate(db))[0]).toBe('0009_mqtt_per_organisation.sql');

      const namespaces = await sql<{ mqtt_namespace: string }>`
        select mqtt_namespace from organisations order by id`.execute(db);
      const [a, b] = namespaces.rows.map((row) => row.mqtt_namespace);
      expect(a).toMatch(/^org-[0-9a-f]{10}$/);
      expect(b).toMatch(/^org-[0-9a-f]{10}$/);
      expect(a).not.toBe(b);
      await sql`insert into lorawan_devices (organisation_id, dev_eui, name, decoder)
        values (2, '70B3D57ED0061A2C', 'B probe', '{"type":"network"}')`.execute(db);
      await expect(
        sql`insert into lorawan_devices (organisation_id, dev_eui, name, decoder)
          values (2, '70B3D57ED0061A2C', 'B again', '{"type":"network"}')`.execute(db),
      ).rejects.toThrow(/lorawan_devices_organisation_dev_eui/);
    } finally {
      await close();
    }
    // Migrating a fresh embedded database step by step takes PGlite several seconds.
  }, 60_000);
});
