import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { quarterHours } from '../readings/test-points.test-helper';
import { writeReadings } from '../readings/write-readings';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const electricity = { intent: 'electricity', unit: 'kWh', kind: 'interval', source: 'manual' } as const;
const DAY = quarterHours('2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z');

describeEachEngine('deleting places and data points on %s', (engine) => {
  let server: Server;
  let owner: Member;
  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@deleting.test', 'Deleting Ltd');
  });
  afterAll(async () => server?.close());

  /** A point on the entity with a day of quarter-hour readings, written as every ingestion path writes them. */
  async function pointWithDay(entityId: number, name: string): Promise<number> {
    const added = await server.api('addDataPointsRef', owner.token, {
      dataPoints: [{ entityId, name, ...electricity }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const point = await server.db
      .selectFrom('data_points')
      .select(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .where('name', '=', name)
      .where('organisation_id', '=', owner.organisationId)
      .executeTakeFirstOrThrow();
    await server.db
      .transaction()
      .execute((trx) => writeReadings(trx, point, { ts: DAY, values: DAY.map(() => 1) }));
    return point.id;
  }

  /** Rows any table still holds for the point, readings and rollups included. */
  async function storedFor(pointId: number): Promise<number> {
    let rows = 0;
    for (const table of ['data_points', 'readings', 'readings_hours', 'readings_daily']) {
      const column = table === 'data_points' ? 'id' : 'data_point_id';
      const { rows: found } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${pointId}`.execute(
        server.db,
      );
      rows += found[0]?.n ?? 0;
    }
    return rows;
  }

  it('says what a data point takes with it, deletes it with every reading, and leaves its neighbour whole', async () => {
    const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Point site');
    const doomed = await pointWithDay(places.roomId, 'Doomed meter');
    const kept = await pointWithDay(places.roomId, 'Kept meter');

    const dryRun = await server.api('deleteDataPoint', owner.token, { dataPointId: doomed, dryRun: true });
    expect(dryRun).toEqual({
      status: 200,
      body: { deleted: false, name: 'Doomed meter', entities: 0, dataPoints: 1, readings: 96, usedBy: [] },
    });
    expect(await storedFor(doomed)).toBeGreaterThan(96);

    const deleted = await server.api('deleteDataPoint', owner.token, { dataPointId: doomed });
    expect(deleted.body).toMatchObject({ deleted: true, readings: 96 });
    expect(await storedFor(doomed)).toBe(0);
    const listed = await server.api('getDataPoint', owner.token, { entityId: places.siteId });
    expect(listed.body.dataPoints.map((point: { name: string }) => point.name)).toEqual(['Kept meter']);
    expect(await storedFor(kept)).toBeGreaterThan(96);

    const again = await server.api('deleteDataPoint', owner.token, { dataPointId: doomed });
    expect(again.status).toBe(404);
  });

  it('refuses to delete a point a formula reads, naming the formula, and deletes nothing', async () => {
    const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Formula site');
    const input = await pointWithDay(places.roomId, 'Formula input');
    const virtual = await server.api('virtualDatapoint', owner.token, {
      name: 'Twice the input',
      formula: '[Formula input] * 2',
    });
    expect(virtual.status, JSON.stringify(virtual.body)).toBe(200);

    const dryRun = await server.api('deleteDataPoint', owner.token, { dataPointId: input, dryRun: true });
    expect(dryRun.body.usedBy).toEqual([{ id: expect.any(Number), name: 'Twice the input' }]);
    const refused = await server.api('deleteDataPoint', owner.token, { dataPointId: input });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      '"Formula input" cannot be deleted: "Twice the input" reads its data. Change or delete that formula first.',
    );
    expect(await storedFor(input)).toBeGreaterThan(96);
  });

  it('deletes a site with its building, room, points and readings, after saying so, and nothing of another site', async () => {
    const doomed = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Doomed site');
    const other = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Other site');
    const onRoom = await pointWithDay(doomed.roomId, 'Room meter');
    const onBuilding = await pointWithDay(doomed.buildingId, 'Building meter');
    const elsewhere = await pointWithDay(other.roomId, 'Elsewhere meter');
    // A formula inside the doomed site reading its own points goes with them, and does not block.
    const inside = await server.api('virtualDatapoint', owner.token, {
      name: 'Doomed total',
      formula: '[Room meter] + [Building meter]',
      entityId: doomed.siteId,
    });
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);

    const dryRun = await server.api('deleteEntity', owner.token, { entityId: doomed.siteId, dryRun: true });
    expect(dryRun.body).toEqual({
      deleted: false,
      name: 'Doomed site',
      entities: 3,
      dataPoints: 3,
      readings: 192,
      usedBy: [],
    });

    const deleted = await server.api('deleteEntity', owner.token, { entityId: doomed.siteId });
    expect(deleted.body).toMatchObject({ deleted: true, entities: 3, dataPoints: 3 });
    expect(await storedFor(onRoom)).toBe(0);
    expect(await storedFor(onBuilding)).toBe(0);
    const left = await server.db
      .selectFrom('entities')
      .select('name')
      .where('organisation_id', '=', owner.organisationId)
      .where('name', 'like', 'Doomed%')
      .execute();
    expect(left).toEqual([]);
    expect(await storedFor(elsewhere)).toBeGreaterThan(96);
    const sites = await server.api('sites', owner.token, {});
    expect(sites.body.sites.map((site: { entity: { name: string } }) => site.entity.name)).not.toContain(
      'Doomed site',
    );
  });

  it('refuses to delete a room whose point a formula elsewhere reads, and leaves the whole tree', async () => {
    const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Guarded site');
    const portfolio = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Portfolio site');
    const guarded = await pointWithDay(places.roomId, 'Guarded meter');
    const reader = await server.api('virtualDatapoint', owner.token, {
      name: 'Portfolio sum',
      formula: '[Guarded meter] + 1',
      entityId: portfolio.siteId,
    });
    expect(reader.status, JSON.stringify(reader.body)).toBe(200);

    const refused = await server.api('deleteEntity', owner.token, { entityId: places.buildingId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('"Portfolio sum" reads its data');
    expect(await storedFor(guarded)).toBeGreaterThan(96);
    const room = await server.db
      .selectFrom('entities')
      .select('id')
      .where('id', '=', places.roomId)
      .execute();
    expect(room).toHaveLength(1);
  });
});
