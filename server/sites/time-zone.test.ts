import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { describeEachEngine } from '../db/test-database';
import { hoursOf, readingsPerDay } from '../readings/stored-hours.test-helper';
import { quarterHours } from '../readings/test-points.test-helper';
import { writeReadings } from '../readings/write-readings';
import { startTestApp } from '../test-app';
import { retimeDataPoints } from './retime';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** An interval meter on the entity, in UTC, as a site made in UTC gives its points. */
function intervalMeterOn(db: Database, organisationId: number, entityId: number) {
  return db
    .insertInto('data_points')
    .values({
      organisation_id: organisationId,
      entity_id: entityId,
      name: 'Main meter',
      intent: 'electricity',
      unit: 'kWh',
      kind: 'interval',
      time_zone: 'UTC',
      updated_at: new Date(),
    })
    .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
    .executeTakeFirstOrThrow();
}

describeEachEngine("a site's time zone on %s", (engine) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestApp(engine);
  });
  afterAll(async () => server?.close());

  it('carries over to the data points of the whole site and rebuilds their local days', async () => {
    const owner = await server.memberOfNewOrganisation('zones@sites.test', 'Zones');
    const site = (await server.api('addEntity', owner.token, { type: 'site', name: 'Z', timeZone: 'UTC' }))
      .body.entity;
    const asset = (
      await server.api('addEntity', owner.token, { type: 'asset', name: 'Meter', parentId: site.id })
    ).body.entity;
    const point = await intervalMeterOn(server.db, owner.organisationId, asset.id);
    // Two UTC days of quarter hours: 96 readings a day.
    const ts = quarterHours('2024-01-01T00:00:00Z', '2024-01-03T00:00:00Z');
    await server.db
      .transaction()
      .execute((trx) => writeReadings(trx, point, { ts, values: ts.map(() => 1) }));
    expect(await readingsPerDay(server.db, point.id)).toEqual([
      { day: '2024-01-01', readings: 96 },
      { day: '2024-01-02', readings: 96 },
    ]);

    const changed = await server.api('updateEntity', owner.token, {
      entityId: site.id,
      timeZone: 'Asia/Tokyo',
    });
    expect(changed.body.entity.timeZone).toBe('Asia/Tokyo');
    const stored = await server.db
      .selectFrom('data_points')
      .select('time_zone')
      .where('id', '=', point.id)
      .executeTakeFirstOrThrow();
    expect(stored.time_zone).toBe('Asia/Tokyo');
    // Tokyo is UTC+9: the same readings now fall on three local days, 9 hours into the first.
    expect(await readingsPerDay(server.db, point.id)).toEqual([
      { day: '2024-01-01', readings: 60 },
      { day: '2024-01-02', readings: 96 },
      { day: '2024-01-03', readings: 36 },
    ]);
    expect(await hoursOf(server.db, point.id)).toHaveLength(48);
    expect((await server.api('site', owner.token, { entityId: asset.id })).body.entity.timeZone).toBe(
      'Asia/Tokyo',
    );
  });

  it('books readings written while the zone changes in the new zone', async () => {
    const owner = await server.memberOfNewOrganisation('zone-race@sites.test', 'Zone race');
    const site = (await server.api('addEntity', owner.token, { type: 'site', name: 'R', timeZone: 'UTC' }))
      .body.entity;
    const point = await intervalMeterOn(server.db, owner.organisationId, site.id);
    const write = (from: string, to: string) => {
      const ts = quarterHours(from, to);
      return server.db
        .transaction()
        .execute((trx) => writeReadings(trx, point, { ts, values: ts.map(() => 1) }));
    };
    await write('2024-01-01T00:00:00Z', '2024-01-03T00:00:00Z');

    // The change to Tokyo has rebuilt the local days and not committed yet when the next day's readings come.
    let commit = () => {};
    let rebuilt = () => {};
    const rebuiltNow = new Promise<void>((resolve) => {
      rebuilt = resolve;
    });
    const change = server.db.transaction().execute(async (trx) => {
      await retimeDataPoints(trx, [site.id], 'Asia/Tokyo');
      rebuilt();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await rebuiltNow;
    const writing = write('2024-01-03T00:00:00Z', '2024-01-04T00:00:00Z');
    // Long enough for the write to read the point and book its days, were it not made to wait.
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await Promise.all([change, writing]);

    // Three UTC days, every day counted in Tokyo's, UTC+9: none is left counted in UTC.
    expect(await readingsPerDay(server.db, point.id)).toEqual([
      { day: '2024-01-01', readings: 60 },
      { day: '2024-01-02', readings: 96 },
      { day: '2024-01-03', readings: 96 },
      { day: '2024-01-04', readings: 36 },
    ]);
    expect(await hoursOf(server.db, point.id)).toHaveLength(72);
  });
});
