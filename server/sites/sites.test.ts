import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

describeEachEngine('sites and the entity tree on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let points = 0;

  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@sites.test', 'Sites Ltd');
  });
  afterAll(async () => server?.close());

  /** Adds an entity as the owner and answers it, failing the test on refusal. */
  async function add(body: Record<string, unknown>, member = owner) {
    const response = await server.api('addEntity', member.token, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.entity as { id: number; siteId: number; timeZone: string };
  }

  /** A data point on the entity, stored directly: data feeds are another domain's endpoints. */
  async function pointOn(entityId: number, member = owner) {
    const entity = await server.db
      .selectFrom('entities as e')
      .innerJoin('entities as s', 's.id', 'e.site_id')
      .select('s.time_zone')
      .where('e.id', '=', entityId)
      .executeTakeFirstOrThrow();
    return server.db
      .insertInto('data_points')
      .values({
        organisation_id: member.organisationId,
        entity_id: entityId,
        name: `Point ${++points}`,
        intent: 'electricity',
        unit: 'kWh',
        kind: 'interval',
        time_zone: entity.time_zone ?? 'UTC',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('shows an empty organisation as empty', async () => {
    const fresh = await server.memberOfNewOrganisation('empty@sites.test', 'Empty');
    expect((await server.api('sites', fresh.token, {})).body).toEqual({ sites: [] });
    expect((await server.api('siteTree', fresh.token, {})).body).toEqual({ sites: [] });
    expect((await server.api('tags', fresh.token, {})).body).toEqual({ tags: [] });
    expect((await server.api('project', fresh.token, {})).body).toEqual({
      sites: 0,
      entitiesByType: { site: 0, building: 0, floor: 0, zone: 0, room: 0, asset: 0 },
      dataPoints: 0,
      floorAreaM2: 0,
    });
  });

  it('builds the tree from site to asset and answers it nested with counts', async () => {
    const site = await add({
      type: 'site',
      name: ' Head Office ',
      timeZone: 'Europe/London',
      address: '1 High Street, London',
      latitude: 51.5,
      longitude: -0.12,
      floorAreaM2: 1200,
      tags: ['hq', ' HQ ', 'london'],
    });
    expect(site).toMatchObject({
      name: 'Head Office',
      type: 'site',
      parentId: null,
      siteId: site.id,
      tags: ['hq', 'london'],
      timeZone: 'Europe/London',
      childCount: 0,
      dataPointCount: 0,
    });
    const building = await add({ type: 'building', name: 'North Wing', parentId: site.id, tags: ['hq'] });
    const floor = await add({ type: 'floor', name: 'Ground', parentId: building.id });
    const zone = await add({ type: 'zone', name: 'East', parentId: floor.id });
    const room = await add({ type: 'room', name: 'Plant Room', parentId: zone.id });
    const asset = await add({ type: 'asset', name: 'Boiler', parentId: room.id, tags: ['heating'] });
    expect(asset).toMatchObject({ siteId: site.id, timeZone: 'Europe/London', parentId: room.id });
    await pointOn(asset.id);
    await pointOn(asset.id);
    await pointOn(building.id);

    const tree = (await server.api('siteTree', owner.token, {})).body;
    expect(tree.sites).toHaveLength(1);
    const [top] = tree.sites;
    expect(top).toMatchObject({ id: site.id, name: 'Head Office', dataPointCount: 3 });
    const wing = top.children[0];
    expect(wing).toMatchObject({ id: building.id, dataPointCount: 3 });
    const boiler = wing.children[0].children[0].children[0].children[0];
    expect(boiler).toEqual({
      id: asset.id,
      type: 'asset',
      name: 'Boiler',
      tags: ['heating'],
      dataPointCount: 2,
      children: [],
    });

    const detail = (await server.api('site', owner.token, { entityId: room.id })).body;
    expect(detail.path.map((crumb: { name: string }) => crumb.name)).toEqual([
      'Head Office',
      'North Wing',
      'Ground',
      'East',
    ]);
    expect(detail.children.map((child: { name: string }) => child.name)).toEqual(['Boiler']);
    expect(detail.entity).toMatchObject({ id: room.id, childCount: 1, dataPointCount: 2 });
    expect(detail.ownDataPointCount).toBe(0);

    const sites = (await server.api('sites', owner.token, {})).body.sites;
    expect(sites).toEqual([
      expect.objectContaining({
        entityCount: 5,
        entity: expect.objectContaining({
          address: '1 High Street, London',
          latitude: 51.5,
          floorAreaM2: 1200,
          childCount: 1,
          dataPointCount: 3,
        }),
      }),
    ]);
    expect((await server.api('tags', owner.token, {})).body.tags).toEqual([
      { tag: 'hq', count: 2 },
      { tag: 'heating', count: 1 },
      { tag: 'london', count: 1 },
    ]);
    expect((await server.api('project', owner.token, {})).body).toEqual({
      sites: 1,
      entitiesByType: { site: 1, building: 1, floor: 1, zone: 1, room: 1, asset: 1 },
      dataPoints: 3,
      floorAreaM2: 1200,
    });
  });

  it('lists each type with the types it may sit under', async () => {
    const { types } = (await server.api('entityTypes', owner.token, {})).body;
    expect(types).toEqual([
      { type: 'site', parents: [] },
      { type: 'building', parents: ['site'] },
      { type: 'floor', parents: ['building'] },
      { type: 'zone', parents: ['building', 'floor'] },
      { type: 'room', parents: ['floor', 'zone'] },
      { type: 'asset', parents: ['site', 'building', 'floor', 'zone', 'room'] },
    ]);
  });

  it('refuses parents the type rules do not allow, saying which are', async () => {
    const site = await add({ type: 'site', name: 'Rules', timeZone: 'UTC' });
    const asset = await add({ type: 'asset', name: 'Pump', parentId: site.id });
    expect(
      await server.api('addEntity', owner.token, { type: 'floor', name: 'F', parentId: site.id }),
    ).toEqual({
      status: 400,
      body: {
        message: 'A floor cannot sit under a site; it must sit under a building.',
        issues: [
          { pointer: '/parentId', message: 'A floor cannot sit under a site; it must sit under a building.' },
        ],
      },
    });
    expect(
      (await server.api('addEntity', owner.token, { type: 'asset', name: 'A', parentId: asset.id })).body
        .message,
    ).toBe(
      'An asset cannot sit under an asset; it must sit under a site, a building, a floor, a zone or a room.',
    );
    expect((await server.api('addEntity', owner.token, { type: 'building', name: 'B' })).body.message).toBe(
      'A building must sit under a site; give its parentId.',
    );
    expect(
      (
        await server.api('addEntity', owner.token, {
          type: 'site',
          name: 'S',
          timeZone: 'UTC',
          parentId: site.id,
        })
      ).body.message,
    ).toBe('A site is the top of the tree and cannot sit under another entity; leave parentId out.');
  });

  it('explains bad input with a 400, never a 500', async () => {
    const site = await add({ type: 'site', name: 'Checks', timeZone: 'Europe/Paris' });
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ type: 'site', name: 'No zone' }, 'A site needs a time zone, such as Europe/London.'],
      [
        { type: 'site', name: 'Bad zone', timeZone: 'Mars/Olympus' },
        '"Mars/Olympus" is not a known time zone; use an IANA name such as Europe/London.',
      ],
      [
        { type: 'building', name: 'B', parentId: site.id, timeZone: 'UTC' },
        "Only a site has a time zone; a building keeps its site's.",
      ],
      [{ type: 'site', name: '   ', timeZone: 'UTC' }, 'The name must not be empty.'],
      [
        { type: 'site', name: 'Half', timeZone: 'UTC', latitude: 10 },
        'Give both latitude and longitude, or neither.',
      ],
      [{ type: 'site', name: 'Far', timeZone: 'UTC', latitude: 91, longitude: 0 }, /latitude/],
      [{ type: 'castle', name: 'C' }, /type/],
      [{ type: 'site', name: 'Neg', timeZone: 'UTC', floorAreaM2: -1 }, /floorAreaM2/],
    ];
    for (const [body, message] of cases) {
      const response = await server.api('addEntity', owner.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    const changeType = await server.api('updateEntity', owner.token, { entityId: site.id, type: 'asset' });
    expect(changeType).toEqual({
      status: 400,
      body: {
        message: 'A site cannot become an asset; add a new asset and move what it should hold under it.',
        issues: [
          {
            pointer: '/type',
            message: 'A site cannot become an asset; add a new asset and move what it should hold under it.',
          },
        ],
      },
    });
    expect(
      (await server.api('updateEntity', owner.token, { entityId: site.id, timeZone: null })).body.message,
    ).toBe('A site needs a time zone, such as Europe/London.');
  });

  it('edits fields, clearing with null and keeping what is left out', async () => {
    const site = await add({
      type: 'site',
      name: 'Edit me',
      timeZone: 'UTC',
      address: 'Old',
      latitude: 1,
      longitude: 2,
    });
    const updated = await server.api('updateEntity', owner.token, {
      entityId: site.id,
      name: 'Edited',
      address: null,
      tags: ['new'],
    });
    expect(updated.body.entity).toMatchObject({
      name: 'Edited',
      address: null,
      tags: ['new'],
      latitude: 1,
      longitude: 2,
    });
    const cleared = await server.api('updateEntity', owner.token, {
      entityId: site.id,
      latitude: null,
      longitude: null,
    });
    expect(cleared.body.entity).toMatchObject({ latitude: null, longitude: null });
    expect(
      (await server.api('updateEntity', owner.token, { entityId: site.id, latitude: 5 })).body.message,
    ).toBe('Give both latitude and longitude, or neither.');
  });

  it('refuses to move an entity under itself or anything inside it', async () => {
    const site = await add({ type: 'site', name: 'Cycles', timeZone: 'UTC' });
    const building = await add({ type: 'building', name: 'Block', parentId: site.id });
    const floor = await add({ type: 'floor', name: 'First', parentId: building.id });
    for (const parentId of [building.id, floor.id]) {
      expect(await server.api('updateEntity', owner.token, { entityId: building.id, parentId })).toEqual({
        status: 400,
        body: {
          message: '"Block" cannot move under itself or under anything inside it.',
          issues: [
            {
              pointer: '/parentId',
              message: '"Block" cannot move under itself or under anything inside it.',
            },
          ],
        },
      });
    }
    expect(
      (await server.api('updateEntity', owner.token, { entityId: floor.id, parentId: site.id })).body.message,
    ).toBe('A floor cannot sit under a site; it must sit under a building.');
    expect(
      (await server.api('updateEntity', owner.token, { entityId: floor.id, parentId: null })).body.message,
    ).toBe('A floor must sit under a building; give its parentId.');
    const stored = await server.db
      .selectFrom('entities')
      .select('parent_id')
      .where('id', '=', building.id)
      .executeTakeFirstOrThrow();
    expect(stored.parent_id).toBe(site.id);
  });

  it('moves a subtree to another site: its site, its time zone and its data points follow', async () => {
    const london = await add({ type: 'site', name: 'London', timeZone: 'Europe/London' });
    const tokyo = await add({ type: 'site', name: 'Tokyo', timeZone: 'Asia/Tokyo' });
    const building = await add({ type: 'building', name: 'Moving', parentId: london.id });
    const floor = await add({ type: 'floor', name: 'Floor', parentId: building.id });
    const point = await pointOn(floor.id);
    const tokyoBuilding = await add({ type: 'building', name: 'Tokyo Tower', parentId: tokyo.id });

    const moved = await server.api('updateEntity', owner.token, {
      entityId: floor.id,
      parentId: tokyoBuilding.id,
    });
    expect(moved.body.entity).toMatchObject({
      parentId: tokyoBuilding.id,
      siteId: tokyo.id,
      timeZone: 'Asia/Tokyo',
    });
    const stored = await server.db
      .selectFrom('data_points')
      .select('time_zone')
      .where('id', '=', point.id)
      .executeTakeFirstOrThrow();
    expect(stored.time_zone).toBe('Asia/Tokyo');
    const sites = (await server.api('sites', owner.token, {})).body.sites as {
      entity: { name: string; dataPointCount: number };
      entityCount: number;
    }[];
    expect(sites.find((site) => site.entity.name === 'Tokyo')).toMatchObject({
      entityCount: 2,
      entity: { dataPointCount: 1 },
    });
    expect(sites.find((site) => site.entity.name === 'London')).toMatchObject({ entityCount: 1 });
  });

  it('stores a picture for an entity and replaces it', async () => {
    const site = await add({ type: 'site', name: 'Pictured', timeZone: 'UTC' });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const first = await server.upload(`uploadEntityImage?entityId=${site.id}`, owner.token, png, 'image/png');
    expect(first).toMatchObject({
      status: 200,
      body: { image: expect.stringMatching(/^ENTITY_IMAGE\/.+\.webp$/) },
    });
    const second = await server.upload(
      `uploadEntityImage?entityId=${site.id}`,
      owner.token,
      png,
      'image/png',
    );
    expect(await server.storage.get(first.body.image)).toBeUndefined();
    expect((await server.api('site', owner.token, { entityId: site.id })).body.entity.image).toBe(
      second.body.image,
    );
    expect((await server.upload('uploadEntityImage', owner.token, png, 'image/png')).body.message).toBe(
      'The query string is not valid: /entityId: is required',
    );
    expect(
      (
        await server.upload(
          `uploadEntityImage?entityId=${site.id}`,
          owner.token,
          Buffer.from('no'),
          'image/png',
        )
      ).status,
    ).toBe(415);
  });

  it('refuses a caller with no organisation like any outsider', async () => {
    const loner = await server.signedInUser('loner@sites.test');
    for (const path of ['sites', 'siteTree', 'tags', 'project', 'entityTypes']) {
      expect((await server.api(path, loner, {})).status).toBe(403);
    }
    expect((await server.api('addEntity', loner, { type: 'site', name: 'X', timeZone: 'UTC' })).status).toBe(
      403,
    );
  });
});
