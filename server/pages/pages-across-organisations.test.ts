import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { type Answer, pagesApi, samplePage } from './pages.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

describeEachEngine('pages across organisations on %s', (engine) => {
  let server: Server;
  let theirs: number;
  let mine: number;
  let ours: ReturnType<typeof pagesApi>;
  let ourOrganisation: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const a = await server.memberOfNewOrganisation('owner@a-pages.test', 'A');
    const b = await server.memberOfNewOrganisation('owner@b-pages.test', 'B');
    theirs = (await pagesApi(server, a.token).create({ title: 'Secret plans', template: 'dashboard' })).body
      .page.id;
    ours = pagesApi(server, b.token);
    ourOrganisation = b.organisationId;
    mine = (await ours.create({ title: 'Ours', document: samplePage() })).body.page.id;
  });
  afterAll(async () => server?.close());

  const rows = async () => ({
    pages: await server.db.selectFrom('pages').selectAll().orderBy('id').execute(),
    revisions: await server.db.selectFrom('page_revisions').selectAll().orderBy('page_id').execute(),
  });

  it("answers every page endpoint naming another organisation's page, or none, with 404 and changes nothing", async () => {
    const before = await rows();
    for (const id of [theirs, 987_654]) {
      const calls: [string, () => Promise<Answer>][] = [
        ['dashboardGet', () => ours.get(id)],
        ['dashboardUpdate', () => ours.update(id, { document: samplePage(), baseRevision: 1 })],
        ['dashboardDelete', () => ours.remove(id)],
        ['dashboardRevisions', () => ours.revisions(id)],
        ['dashboardRevision', () => ours.revision(id, 1)],
        ['dashboardRestore', () => ours.restore(id, { revision: 1, baseRevision: 1 })],
        ['dashboardReset', () => ours.reset(id, { baseRevision: 1 })],
        ['subDashboard', () => ours.under(id)],
        ['widgetConfig', () => ours.widget({ pageId: id, baseRevision: 1, key: 'kpi', props: {} })],
        ['dashboardCreate', () => ours.create({ title: 'Under theirs', parentId: id })],
      ];
      for (const [name, call] of calls) {
        const answer = await call();
        expect({ name, status: answer.status, body: answer.body }).toEqual({
          name,
          status: 404,
          body: { message: `There is no page ${id} in your organisation.` },
        });
      }
    }
    expect(await rows()).toEqual(before);
    // The list is B's own pages (its dashboards from the templates and the one it made), and no other's.
    const listed = await ours.list();
    const ourPages = await server.db
      .selectFrom('pages')
      .select('id')
      .where('organisation_id', '=', ourOrganisation)
      .execute();
    expect(listed.body.pages.map((page: { id: number }) => page.id).sort()).toEqual(
      ourPages.map((page) => page.id).sort(),
    );
    expect(ourPages.map((page) => page.id)).toContain(mine);
    expect(ourPages.map((page) => page.id)).not.toContain(theirs);
  });
});
