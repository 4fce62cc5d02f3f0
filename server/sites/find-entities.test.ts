import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;

describeEachEngine('finding places on %s', (engine) => {
  let server: Server;
  let token: string;
  const ids = { site: 0, boilerHouse: 0, roof: 0 };

  beforeAll(async () => {
    server = await startTestApp(engine);
    token = (await server.memberOfNewOrganisation('finder@places.test', 'Finders')).token;
    const add = async (body: object) => (await server.api('addEntity', token, body)).body.entity.id as number;
    ids.site = await add({ type: 'site', name: 'North Campus', timeZone: 'Europe/Berlin' });
    ids.boilerHouse = await add({
      type: 'building',
      name: 'Boiler House',
      parentId: ids.site,
      tags: ['fiscal'],
    });
    ids.roof = await add({ type: 'asset', name: 'Roof PV', parentId: ids.boilerHouse });
    // Another organisation's place with a matching name must never be found.
    const other = await server.memberOfNewOrganisation('other@places.test', 'Others');
    await server.api('addEntity', other.token, { type: 'site', name: 'Boiler Yard', timeZone: 'UTC' });
  });
  afterAll(async () => server?.close());

  const find = async (query: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/findEntities${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('finds places by part of their name, any case, with the path down to them', async () => {
    const { status, body } = await find('?search=BOILER');
    expect(status).toBe(200);
    expect(body.total).toBe(1);
    expect(body.entities[0].entity).toMatchObject({
      id: ids.boilerHouse,
      name: 'Boiler House',
      type: 'building',
    });
    expect(body.entities[0].path).toEqual([{ id: ids.site, type: 'site', name: 'North Campus' }]);
  });

  it('finds places by a whole tag, and narrows by type', async () => {
    expect(
      (await find('?search=fiscal')).body.entities.map(
        (found: { entity: { id: number } }) => found.entity.id,
      ),
    ).toEqual([ids.boilerHouse]);
    expect((await find('?type=asset')).body.entities[0].path.map((step: { id: number }) => step.id)).toEqual([
      ids.site,
      ids.boilerHouse,
    ]);
  });

  it('lists at most `limit` and says how many match', async () => {
    const { body } = await find('?limit=1');
    expect(body.total).toBe(3);
    expect(body.entities).toHaveLength(1);
  });

  it('refuses a bad limit or type with the field it is about', async () => {
    const { status, body } = await find('?limit=0&type=castle');
    expect(status).toBe(400);
    expect(body.issues.map((issue: { pointer: string }) => issue.pointer).sort()).toEqual([
      '/limit',
      '/type',
    ]);
  });
});
