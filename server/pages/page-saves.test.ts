import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION } from '../../src/engine/migrations';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { pagesApi, samplePage } from './pages.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../src/engine/migrations/fixtures/${name}.json`, import.meta.url), 'utf8'),
  );

describeEachEngine('saving pages on %s', (engine) => {
  let server: Server;
  let pages: ReturnType<typeof pagesApi>;
  let colleague: ReturnType<typeof pagesApi>;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const owner = await server.memberOfNewOrganisation('owner@saves.test', 'Saves Ltd');
    pages = pagesApi(server, owner.token);
    const other = await server.signedInUser('editor@saves.test');
    await server.db
      .updateTable('users')
      .set({ organisation_id: owner.organisationId, role: 'editor', name: 'Eddie Editor' })
      .where('email', '=', 'editor@saves.test')
      .execute();
    colleague = pagesApi(server, other);
  });
  afterAll(async () => server?.close());

  const storedRevisions = async (pageId: number) =>
    server.db
      .selectFrom('page_revisions')
      .select(['revision', 'document'])
      .where('page_id', '=', pageId)
      .orderBy('revision')
      .execute();

  it('refuses a save from an outdated revision with 409 and the current revision, storing nothing', async () => {
    const { page } = (await pages.create({ title: 'Plant room', document: samplePage() })).body;
    const mine = samplePage('Mine');
    const theirs = samplePage('Theirs');
    const first = await colleague.update(page.id, {
      document: theirs,
      baseRevision: 1,
      message: 'Their edit',
    });
    expect(first.status).toBe(200);
    const second = await pages.update(page.id, { document: mine, baseRevision: 1 });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      message: expect.stringMatching(
        new RegExp(`^Page ${page.id} is at revision 2 \\(saved by Eddie Editor at .+\\), not revision 1`),
      ),
      conflict: {
        revision: 2,
        document: theirs,
        author: 'Eddie Editor',
        savedAt: first.body.page.updatedAt,
        message: 'Their edit',
      },
    });
    expect((await storedRevisions(page.id)).map((row) => row.revision)).toEqual([1, 2]);
    // Every way of saving starts from a revision, and each is refused alike.
    for (const stale of [
      pages.restore(page.id, { revision: 1, baseRevision: 1 }),
      pages.widget({ pageId: page.id, baseRevision: 1, key: 't', props: { body: 'Mine' } }),
    ]) {
      const answer = await stale;
      expect(answer.status).toBe(409);
      expect(answer.body.conflict.revision).toBe(2);
    }
    const kept = await pages.update(page.id, { document: mine, baseRevision: 2 });
    expect(kept.body.page.revision).toBe(3);
  });

  it('lets one of two saves from the same base win when they arrive together', async () => {
    const { page } = (await pages.create({ title: 'Plant room', document: samplePage() })).body;
    const answers = await Promise.all([
      pages.update(page.id, { document: samplePage('Mine'), baseRevision: 1 }),
      colleague.update(page.id, { document: samplePage('Theirs'), baseRevision: 1 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [winner, loser] = answers[0]?.status === 200 ? answers : [answers[1], answers[0]];
    expect(loser?.body.conflict).toMatchObject({ revision: 2, document: winner?.body.document });
    expect((await storedRevisions(page.id)).map((row) => row.revision)).toEqual([1, 2]);
  });

  it('reads a stored older document migrated, and stores it upgraded on the next save', async () => {
    const { page } = (await pages.create({ title: 'Overview' })).body;
    const old = fixture('v1-to-v2.input');
    await server.db
      .insertInto('page_revisions')
      .values({ page_id: page.id, revision: 2, document: JSON.stringify(old) })
      .execute();

    const opened = await pages.get(page.id);
    expect(opened.status).toBe(200);
    expect(opened.body.migratedFrom).toBe(1);
    expect(opened.body.document).toEqual(fixture('v1-to-v2.output'));
    expect(opened.body.page.revision).toBe(2);
    const read = await pages.revision(page.id, 2);
    expect(read.body).toMatchObject({ migratedFrom: 1, document: fixture('v1-to-v2.output') });
    // Reading leaves what is stored as it was.
    expect((await storedRevisions(page.id))[1]?.document).toEqual(old);

    const saved = await pages.update(page.id, { document: old, baseRevision: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ migratedFrom: null, document: fixture('v1-to-v2.output') });
    const stored = (await storedRevisions(page.id))[2]?.document as { schemaVersion: number };
    expect(stored.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(stored).toEqual(fixture('v1-to-v2.output'));
  });

  it('refuses a document past the limits or not valid, with the pointer of each problem, storing nothing', async () => {
    const { page } = (await pages.create({ title: 'Plant room', document: samplePage() })).body;
    const refused = async (document: object) => {
      const answer = await pages.update(page.id, { document, baseRevision: 1 });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
      expect((await storedRevisions(page.id)).length).toBe(1);
      return answer.body.issues;
    };

    let deep: object = { value: 1 };
    for (let level = 0; level < 45; level++) deep = { nested: deep };
    const tooDeep = samplePage();
    (tooDeep.rows[0]?.columns[2]?.cards[0]?.widgets[0] as { data: object }).data = deep;
    const depthIssues = await refused(tooDeep);
    expect(depthIssues).toHaveLength(1);
    expect(depthIssues[0].pointer).toMatch(
      /^\/document\/rows\/0\/columns\/2\/cards\/0\/widgets\/0\/data(\/nested){31}$/,
    );
    expect(depthIssues[0].message).toMatch(/nested too deeply: a page goes at most 40 levels deep/);

    const crowded = samplePage();
    const card = crowded.rows[0]?.columns[2]?.cards[0] as { widgets: object[] };
    card.widgets = Array.from({ length: 100 }, (_, index) => ({
      key: `t${index}`,
      name: 'text',
      data: { body: 'x' },
    }));
    const row = crowded.rows[0];
    (crowded as { rows: unknown[] }).rows = Array.from({ length: 6 }, (_, index) => ({
      ...structuredClone(row),
      key: `r${index}`,
    }));
    expect(await refused(crowded)).toEqual([
      {
        pointer: '/document/rows/4/columns/2/cards/0/widgets/90',
        message: 'is widget 501 of the page; a page holds at most 500. Move some to a page under this one',
      },
    ]);

    const unknownWidget = samplePage();
    (unknownWidget.rows[0]?.columns[2]?.cards[0]?.widgets[0] as { name: string }).name = 'iframe';
    const unknownIssues = await refused(unknownWidget);
    expect(unknownIssues.map((issue: { pointer: string }) => issue.pointer)).toContain(
      '/document/rows/0/columns/2/cards/0/widgets/0/name',
    );

    const badSpan = samplePage();
    (badSpan.rows[0]?.columns[0] as { span: number }).span = 5;
    expect(await refused(badSpan)).toContainEqual({
      pointer: '/document/rows/0/columns/0/span',
      message: expect.any(String),
    });
    expect(await refused({ schemaVersion: 9, id: 'x', title: 'x', rows: [] })).toEqual([
      {
        pointer: '/document/schemaVersion',
        message: expect.stringMatching(/newer than this app understands/),
      },
    ]);
  });

  it('refuses a body over 1 MB with the contract’s sentence', async () => {
    const { page } = (await pages.create({ title: 'Plant room', document: samplePage() })).body;
    const huge = samplePage();
    (huge.rows[0]?.columns[2]?.cards[0]?.widgets[0] as { data: object }).data = {
      body: 'x'.repeat(1_100_000),
    };
    const answer = await pages.update(page.id, { document: huge, baseRevision: 1 });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/^A page is at most 1 MB of JSON/);
  });
});
