import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { pointsInNewSite, send } from '../saved-views/explorer-setup.test-helper';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

describeEachEngine('Data Explorer events on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let site: number;
  let foreignSite: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@events.test', 'Events Ltd');
    await server.api('profile', owner.token, { user_id: owner.userId, display_name: 'Eve Engineer' }, 'PUT');
    site = (await pointsInNewSite(server, owner.token, owner.organisationId, ['Main meter'])).siteId;
    const other = await server.memberOfNewOrganisation('owner@other-events.test', 'Other');
    foreignSite = (await pointsInNewSite(server, other.token, other.organisationId, ['Theirs'])).siteId;
  });
  afterAll(async () => server?.close());

  const create = (body: object) => send(server, 'POST', 'dataExplorerEvent', owner.token, body);
  const list = async (query = '') => {
    const response = await send(server, 'GET', `dataExplorerEvent${query}`, owner.token);
    expect(response.status).toBe(200);
    return response.body.events as { id: number; title: string }[];
  };

  it('puts events on the timeline for a site or the whole organisation, lists them in time order and removes them', async () => {
    const retrofit = await create({
      entityId: site,
      at: '2024-06-01T09:00:00Z',
      title: 'LED retrofit',
      description: 'All floors',
      category: 'retrofit',
    });
    expect(retrofit).toEqual({
      status: 200,
      body: {
        event: {
          id: expect.any(Number),
          entityId: site,
          at: '2024-06-01T09:00:00.000Z',
          title: 'LED retrofit',
          description: 'All floors',
          category: 'retrofit',
          createdBy: 'Eve Engineer',
          createdAt: expect.any(String),
        },
      },
    });
    const closure = await create({
      at: '2024-05-01T00:00:00Z',
      title: 'Office closed',
      description: ' ',
      category: 'occupancy',
    });
    expect(closure.body.event).toMatchObject({ entityId: null, description: null });

    expect((await list()).map((event) => event.title)).toEqual(['Office closed', 'LED retrofit']);
    expect((await list('?from=2024-05-15T00:00:00Z')).map((event) => event.title)).toEqual(['LED retrofit']);
    expect(
      (await list('?from=2024-05-01T00:00:00Z&to=2024-06-01T09:00:00Z')).map((event) => event.title),
    ).toEqual(['Office closed']);

    const id = closure.body.event.id;
    expect(await send(server, 'DELETE', `dataExplorerEvent/${id}`, owner.token)).toEqual({
      status: 200,
      body: { deleted: id },
    });
    expect((await list()).map((event) => event.title)).toEqual(['LED retrofit']);
    const again = await send(server, 'DELETE', `dataExplorerEvent/${id}`, owner.token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`There is no event ${id} in your organisation.`);
  });

  it('refuses entities of no organisation or another one with 404, and unknown categories and blank titles with 400', async () => {
    const event = { at: '2024-01-01T00:00:00Z', title: 'Outage', category: 'outage' };
    const foreign = await create({ ...event, entityId: foreignSite });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`There is no entity ${foreignSite} in your organisation.`);
    expect((await create({ ...event, entityId: 777_777 })).status).toBe(404);
    expect((await create({ ...event, category: 'party' })).status).toBe(400);
    expect((await create({ ...event, title: ' ' })).status).toBe(400);
    expect((await create({ ...event, at: 'soon' })).status).toBe(400);
    expect((await list()).map((entry) => entry.title)).not.toContain('Outage');
  });
});
