import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { pointsInNewSite, send } from '../saved-views/explorer-setup.test-helper';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

describeEachEngine('bookmarks on %s', (engine) => {
  let server: Server;
  let owner: Member;
  /** A colleague in the owner's organisation, who must see none of the owner's bookmarks. */
  let colleague: string;
  let points: number[];
  let foreignPoint: number;
  let foreignExplorer: number;
  const view = () => ({ dataPointIds: points, range: '30d', resolution: 'day', aggregate: 'sum' });

  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@bookmarks.test', 'Bookmarks Ltd');
    points = (await pointsInNewSite(server, owner.token, owner.organisationId, ['Main meter', 'Sub meter']))
      .points;
    colleague = (await server.invitedMember(owner.token, 'colleague@bookmarks.test', 'viewer')).token;
    const other = await server.memberOfNewOrganisation('owner@other-bookmarks.test', 'Other');
    foreignPoint = (await pointsInNewSite(server, other.token, other.organisationId, ['Theirs']))
      .points[0] as number;
    foreignExplorer = (
      await server.api('addExplorer', other.token, {
        name: 'Theirs',
        view: { dataPointIds: [foreignPoint], range: '7d', resolution: 'hour' },
      })
    ).body.explorer.id;
  });
  afterAll(async () => server?.close());

  /** Invited by the owner and accepted, as people join an organisation. */
  const create = (token: string, body: object) => send(server, 'POST', 'bookMark', token, body);
  const list = async (token: string) => {
    const response = await send(server, 'GET', 'bookMark', token);
    expect(response.status).toBe(200);
    return response.body.bookmarks as { id: number; title: string }[];
  };

  it('keeps a bookmark for its creator alone, newest first, until they remove it', async () => {
    const first = await create(owner.token, { title: 'Main meter, month', view: view() });
    expect(first).toEqual({
      status: 200,
      body: {
        bookmark: {
          id: expect.any(Number),
          title: 'Main meter, month',
          view: view(),
          explorerId: null,
          createdAt: expect.any(String),
        },
      },
    });
    const second = await create(owner.token, { title: 'Second', view: view() });
    expect((await list(owner.token)).map((bookmark) => bookmark.title)).toEqual([
      'Second',
      'Main meter, month',
    ]);

    // The colleague shares the organisation, but not the bookmarks.
    expect(await list(colleague)).toEqual([]);
    const taken = await send(server, 'DELETE', `bookMark/${first.body.bookmark.id}`, colleague);
    expect(taken.status).toBe(404);
    expect(taken.body.message).toBe(
      `There is no bookmark ${first.body.bookmark.id} of yours in your organisation.`,
    );
    expect(await list(owner.token)).toHaveLength(2);

    const own = await create(colleague, { title: 'Mine', view: view() });
    expect((await list(colleague)).map((bookmark) => bookmark.title)).toEqual(['Mine']);
    expect((await list(owner.token)).map((bookmark) => bookmark.title)).not.toContain('Mine');

    expect(await send(server, 'DELETE', `bookMark/${second.body.bookmark.id}`, owner.token)).toEqual({
      status: 200,
      body: { deleted: second.body.bookmark.id },
    });
    expect((await list(owner.token)).map((bookmark) => bookmark.title)).toEqual(['Main meter, month']);
    await send(server, 'DELETE', `bookMark/${own.body.bookmark.id}`, colleague);
    await send(server, 'DELETE', `bookMark/${first.body.bookmark.id}`, owner.token);
    expect(await list(owner.token)).toEqual([]);
  });

  it('goes when the saved view it was made from is deleted', async () => {
    const explorer = (await server.api('addExplorer', owner.token, { name: 'Shared view', view: view() }))
      .body.explorer;
    const bookmark = await create(owner.token, {
      title: 'From the shared view',
      view: view(),
      explorerId: explorer.id,
    });
    expect(bookmark.body.bookmark.explorerId).toBe(explorer.id);
    const unlinked = await create(owner.token, { title: 'Standalone', view: view() });
    await server.api('deleteDataExplorer', owner.token, { id: explorer.id });
    expect((await list(owner.token)).map((entry) => entry.title)).toEqual(['Standalone']);
    await send(server, 'DELETE', `bookMark/${unlinked.body.bookmark.id}`, owner.token);
  });

  it('refuses data points and saved views that are not the organisation’s, and views that break the rules', async () => {
    const foreign = await create(owner.token, {
      title: 'Theirs',
      view: { ...view(), dataPointIds: [foreignPoint] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`There is no data point ${foreignPoint} in your organisation.`);
    const theirView = await create(owner.token, {
      title: 'Their view',
      view: view(),
      explorerId: foreignExplorer,
    });
    expect(theirView.status).toBe(404);
    expect(theirView.body.message).toBe(`There is no saved view ${foreignExplorer} in your organisation.`);
    const reversed = await create(owner.token, {
      title: 'Reversed',
      view: { ...view(), range: 'custom', from: '2024-02-01T00:00:00Z', to: '2024-01-01T00:00:00Z' },
    });
    expect(reversed.status).toBe(400);
    expect((await create(owner.token, { title: ' ', view: view() })).status).toBe(400);
    expect(await list(owner.token)).toEqual([]);
  });
});
