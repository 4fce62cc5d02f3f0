import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { pointsInNewSite, send } from '../saved-views/explorer-setup.test-helper';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

describeEachEngine('Data Explorer labels on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let chiller: number;
  let boiler: number;
  let foreignPoint: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@labels.test', 'Labels Ltd');
    [chiller, boiler] = (
      await pointsInNewSite(server, owner.token, owner.organisationId, ['Chiller', 'Boiler'])
    ).points as [number, number];
    const other = await server.memberOfNewOrganisation('owner@other-labels.test', 'Other');
    foreignPoint = (await pointsInNewSite(server, other.token, other.organisationId, ['Theirs']))
      .points[0] as number;
  });
  afterAll(async () => server?.close());

  const create = (body: object) => send(server, 'POST', 'dataExplorerLabel', owner.token, body);
  const list = async (query = '') => {
    const response = await send(server, 'GET', `dataExplorerLabel${query}`, owner.token);
    expect(response.status).toBe(200);
    return response.body.labels as { id: number; text: string }[];
  };
  const fault = {
    from: '2024-03-01T08:00:00Z',
    to: '2024-03-01T12:00:00Z',
    text: 'Chiller fault',
    color: '#E53E3E',
  };

  it('labels a span of a data point, lists it and removes it', async () => {
    const created = await create({ ...fault, dataPointId: chiller });
    expect(created).toEqual({
      status: 200,
      body: {
        label: {
          id: expect.any(Number),
          dataPointId: chiller,
          from: '2024-03-01T08:00:00.000Z',
          to: '2024-03-01T12:00:00.000Z',
          text: 'Chiller fault',
          color: '#e53e3e',
          createdBy: 'owner@labels.test',
          createdAt: expect.any(String),
        },
      },
    });
    expect(await list()).toEqual([created.body.label]);
    const id = created.body.label.id;
    expect(await send(server, 'DELETE', `dataExplorerLabel/${id}`, owner.token)).toEqual({
      status: 200,
      body: { deleted: id },
    });
    expect(await list()).toEqual([]);
    const again = await send(server, 'DELETE', `dataExplorerLabel/${id}`, owner.token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`There is no label ${id} in your organisation.`);
  });

  it('lists only the labels on the points asked for that overlap the period', async () => {
    const march = (await create({ ...fault, dataPointId: chiller })).body.label.id;
    const april = (
      await create({
        dataPointId: chiller,
        from: '2024-04-01T00:00:00Z',
        to: '2024-04-02T00:00:00Z',
        text: 'Service',
        color: '#3182ce',
      })
    ).body.label.id;
    const boilerMarch = (await create({ ...fault, dataPointId: boiler, text: 'Boiler off' })).body.label.id;
    const ids = (labels: { id: number }[]) => labels.map((label) => label.id);

    expect(ids(await list())).toEqual([march, boilerMarch, april]);
    expect(ids(await list(`?dataPointIds=${boiler}`))).toEqual([boilerMarch]);
    expect(ids(await list(`?dataPointIds=${chiller},${boiler}&from=2024-03-15T00:00:00Z`))).toEqual([april]);
    // A label that began before the period and runs into it is still shown.
    expect(ids(await list('?from=2024-03-01T10:00:00Z&to=2024-03-01T11:00:00Z'))).toEqual([
      march,
      boilerMarch,
    ]);
    expect(ids(await list('?to=2024-03-01T08:00:00Z'))).toEqual([]);
    expect(ids(await list('?dataPointIds=9999999999'))).toEqual([]);

    const reversed = await send(
      server,
      'GET',
      'dataExplorerLabel?from=2024-05-01T00:00:00Z&to=2024-04-01T00:00:00Z',
      owner.token,
    );
    expect(reversed.status).toBe(400);
    expect((await send(server, 'GET', 'dataExplorerLabel?dataPointIds=one', owner.token)).status).toBe(400);
  });

  it('refuses a span that does not move forward, a blank text and a colour that is not #rrggbb', async () => {
    const reversed = await create({ ...fault, dataPointId: chiller, from: fault.to, to: fault.from });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(
      'A label must start before it ends, but from 2024-03-01T12:00:00Z is not before to 2024-03-01T08:00:00Z.',
    );
    expect((await create({ ...fault, dataPointId: chiller, text: '  ' })).status).toBe(400);
    expect((await create({ ...fault, dataPointId: chiller, color: 'red' })).status).toBe(400);
  });

  it('refuses data points of no organisation or of another one, with 404', async () => {
    const unknown = await create({ ...fault, dataPointId: 424_242 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no data point 424242 in your organisation.');
    const foreign = await create({ ...fault, dataPointId: foreignPoint });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`There is no data point ${foreignPoint} in your organisation.`);
  });

  it('removes a data point’s labels with the data point', async () => {
    const { points } = await pointsInNewSite(server, owner.token, owner.organisationId, ['Short-lived']);
    const label = (await create({ ...fault, dataPointId: points[0] })).body.label.id;
    await server.db
      .deleteFrom('data_points')
      .where('id', '=', points[0] as number)
      .execute();
    expect((await list()).map((entry) => entry.id)).not.toContain(label);
  });
});
