import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { pointsInNewSite } from './explorer-setup.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

describeEachEngine('saved Data Explorer views on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let points: number[];
  let foreignPoint: number;
  const week = { range: '7d', resolution: 'hour', aggregate: 'sum' } as const;

  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@views.test', 'Views Ltd');
    await server.api('profile', owner.token, { user_id: owner.userId, display_name: 'Olivia Owner' }, 'PUT');
    points = (await pointsInNewSite(server, owner.token, owner.organisationId, ['Chiller 1', 'Chiller 2']))
      .points;
    const other = await server.memberOfNewOrganisation('owner@elsewhere.test', 'Elsewhere');
    foreignPoint = (await pointsInNewSite(server, other.token, other.organisationId, ['Their meter']))
      .points[0] as number;
  });
  afterAll(async () => server?.close());

  const add = (name: string, view: object) => server.api('addExplorer', owner.token, { name, view });
  const list = async () => (await server.api('getDateExplorer', owner.token, {})).body.explorers;

  it('saves a view, lists it by name for the organisation, renames it, replaces it and deletes it', async () => {
    expect(await list()).toEqual([]);
    const saved = await add('Chillers this week', { ...week, dataPointIds: points });
    expect(saved.status).toBe(200);
    const explorer = saved.body.explorer;
    expect(explorer).toEqual({
      id: expect.any(Number),
      name: 'Chillers this week',
      view: { ...week, dataPointIds: points },
      createdBy: 'Olivia Owner',
      updatedAt: expect.any(String),
    });
    await add('all chillers', { ...week, dataPointIds: [points[0]] });
    expect((await list()).map((view: { name: string }) => view.name)).toEqual([
      'all chillers',
      'Chillers this week',
    ]);

    const january = {
      dataPointIds: [points[1]],
      range: 'custom',
      from: '2024-01-01T00:00:00Z',
      to: '2024-02-01T00:00:00Z',
      resolution: 'day',
      chart: 'bar',
      compare: true,
    };
    const updated = await server.api('updateDataExplorer', owner.token, {
      id: explorer.id,
      name: '  Chiller 2 in January ',
      view: january,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.explorer).toMatchObject({
      id: explorer.id,
      name: 'Chiller 2 in January',
      view: january,
    });

    const renamedOnly = await server.api('updateDataExplorer', owner.token, {
      id: explorer.id,
      name: 'January',
    });
    expect(renamedOnly.body.explorer).toMatchObject({ name: 'January', view: january });

    expect(await server.api('deleteDataExplorer', owner.token, { id: explorer.id })).toEqual({
      status: 200,
      body: { deleted: explorer.id },
    });
    expect((await list()).map((view: { name: string }) => view.name)).toEqual(['all chillers']);
    const again = await server.api('deleteDataExplorer', owner.token, { id: explorer.id });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`There is no saved view ${explorer.id} in your organisation.`);
  });

  it('refuses a name already used in the organisation, whatever its case', async () => {
    await add('Plant room', { ...week, dataPointIds: points });
    const duplicate = await add('PLANT ROOM', { ...week, dataPointIds: points });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(
      'A saved view named "PLANT ROOM" already exists in your organisation (names ignore case); choose another name.',
    );
    const other = await add('Other', { ...week, dataPointIds: points });
    const renamed = await server.api('updateDataExplorer', owner.token, {
      id: other.body.explorer.id,
      name: 'plant room',
    });
    expect(renamed.status).toBe(409);
    expect(
      (await list()).filter((view: { name: string }) => view.name.toLowerCase() === 'plant room'),
    ).toHaveLength(1);
  });

  it('refuses data points that are not the organisation’s, with 404 so the browser stays signed in', async () => {
    const unknown = await add('Ghost', { ...week, dataPointIds: [points[0], 999_999] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no data point 999999 in your organisation.');
    const foreign = await add('Theirs', { ...week, dataPointIds: [foreignPoint] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`There is no data point ${foreignPoint} in your organisation.`);
    // Past the database's integer no id can exist: the request is wrong, and says where.
    const huge = await add('Huge', { ...week, dataPointIds: [99_999_999_999] });
    expect(huge.status).toBe(400);
    expect(huge.body.issues).toContainEqual({
      pointer: '/view/dataPointIds/0',
      message: 'must be <= 2147483647',
    });
    const saved = await add('Mine', { ...week, dataPointIds: [points[0]] });
    const changed = await server.api('updateDataExplorer', owner.token, {
      id: saved.body.explorer.id,
      view: { ...week, dataPointIds: [foreignPoint] },
    });
    expect(changed.status).toBe(404);
    expect((await list()).find((view: { name: string }) => view.name === 'Mine').view.dataPointIds).toEqual([
      points[0],
    ]);
    expect((await list()).map((view: { name: string }) => view.name)).not.toContain('Ghost');
  });

  it('needs a custom range to have from before to', async () => {
    const base = { dataPointIds: points, range: 'custom', resolution: 'day' };
    const reversed = await add('Reversed', {
      ...base,
      from: '2024-02-01T00:00:00Z',
      to: '2024-01-01T00:00:00Z',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(
      'The custom range must start before it ends, but from 2024-02-01T00:00:00Z is not before to 2024-01-01T00:00:00Z.',
    );
    const empty = await add('Empty', { ...base, from: '2024-01-01T00:00:00Z', to: '2024-01-01T00:00:00Z' });
    expect(empty.status).toBe(400);
    const open = await add('Open', { ...base, from: '2024-01-01T00:00:00Z' });
    expect(open.status).toBe(400);
    expect(open.body.message).toBe(
      'A custom range needs both from and to, so the view knows which period to show.',
    );
    const notADate = await add('Not a date', { ...base, from: 'yesterday', to: '2024-01-01T00:00:00Z' });
    expect(notADate.status).toBe(400);
  });

  it('refuses a blank name and unknown saved views', async () => {
    const blank = await add('   ', { ...week, dataPointIds: points });
    expect(blank.status).toBe(400);
    const missing = await server.api('updateDataExplorer', owner.token, { id: 987_654, name: 'Nothing' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no saved view 987654 in your organisation.');
  });

  it('leaves data points deleted since out of a saved view', async () => {
    const {
      points: [gone, kept],
    } = await pointsInNewSite(server, owner.token, owner.organisationId, ['Temporary', 'Kept']);
    await add('With a temporary meter', { ...week, dataPointIds: [gone, kept] });
    await server.db
      .deleteFrom('data_points')
      .where('id', '=', gone as number)
      .execute();
    const view = (await list()).find((entry: { name: string }) => entry.name === 'With a temporary meter');
    expect(view.view.dataPointIds).toEqual([kept]);
  });
});
