import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { pagesApi, samplePage } from './pages.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const template = (path: string) => {
  const { $schema: _schema, ...document } = JSON.parse(
    readFileSync(new URL(`../../layouts/${path}.json`, import.meta.url), 'utf8'),
  );
  return document;
};

describeEachEngine('stored pages on %s', (engine) => {
  let server: Server;
  let pages: ReturnType<typeof pagesApi>;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const owner = await server.memberOfNewOrganisation('owner@pages.test', 'Pages Ltd');
    await server.api('profile', owner.token, { user_id: owner.userId, display_name: 'Olivia Owner' }, 'PUT');
    pages = pagesApi(server, owner.token);
  });
  afterAll(async () => server?.close());

  it('creates pages blank, from a template and from a document, and lists them with the templates', async () => {
    const blank = await pages.create({ title: '  Scratch ' });
    expect(blank.status).toBe(200);
    expect(blank.body).toEqual({
      page: {
        id: expect.any(Number),
        title: 'Scratch',
        template: null,
        parentId: null,
        revision: 1,
        updatedAt: expect.any(String),
        updatedBy: 'Olivia Owner',
        preset: false,
      },
      document: { schemaVersion: 2, id: 'untitled', title: 'Scratch', rows: [] },
      migratedFrom: null,
    });

    const fromTemplate = await pages.create({ title: 'Portfolio', template: 'dashboard/alpha' });
    expect(fromTemplate.status).toBe(200);
    expect(fromTemplate.body.page).toMatchObject({ title: 'Portfolio', template: 'dashboard/alpha' });
    expect(fromTemplate.body.document).toEqual({ ...template('dashboard/alpha'), title: 'Portfolio' });

    const imported = await pages.create({ title: 'Plant room', document: samplePage('Old title') });
    expect(imported.body.document).toEqual(samplePage('Plant room'));
    // Stored as written, keys in their order: people edit the document as text.
    const reopened = await pages.get(imported.body.page.id);
    expect(JSON.stringify(reopened.body.document)).toBe(JSON.stringify(samplePage('Plant room')));

    const listed = await pages.list();
    expect(listed.status).toBe(200);
    // By title, among the dashboards the organisation was given from the templates (starter-pages.test.ts).
    const made = new Set([blank, fromTemplate, imported].map((created) => created.body.page.id));
    expect(
      listed.body.pages
        .filter((page: { id: number }) => made.has(page.id))
        .map((page: { title: string }) => page.title),
    ).toEqual(['Plant room', 'Portfolio', 'Scratch']);
    expect(listed.body.templates).toContainEqual({ path: 'dashboard', title: 'Dashboard' });
    expect(listed.body.templates).toContainEqual({ path: 'dashboard/alpha', title: 'Dashboard: Alpha' });
    expect(listed.body.templates.map((entry: { path: string }) => entry.path)).not.toContain('auth/login');

    const unknown = await pages.create({ title: 'Nowhere', template: '../package' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].pointer).toBe('/template');
    expect(unknown.body.message).toMatch(
      /^There is no template "\.\.\/package"; the templates are dashboard, /,
    );
    const untitled = await pages.create({ title: '   ' });
    expect(untitled.status).toBe(400);
    expect(untitled.body.issues).toEqual([{ pointer: '/title', message: expect.any(String) }]);
  });

  it('keeps every save as a revision, lists them newest first and reads an old one', async () => {
    const { page } = (await pages.create({ title: 'Plant room', document: samplePage() })).body;
    const changed = samplePage();
    changed.rows[0]?.columns.pop();
    const second = await pages.update(page.id, {
      document: changed,
      baseRevision: 1,
      message: '  Notes go  ',
    });
    expect(second.status).toBe(200);
    expect(second.body.page).toMatchObject({ id: page.id, revision: 2, updatedBy: 'Olivia Owner' });
    expect(second.body.document).toEqual(changed);
    const renamed = await pages.update(page.id, { document: changed, baseRevision: 2, title: 'Boiler room' });
    expect(renamed.body.page).toMatchObject({ revision: 3, title: 'Boiler room' });
    expect(renamed.body.document.title).toBe('Boiler room');

    const history = await pages.revisions(page.id);
    expect(history.status).toBe(200);
    expect(history.body.revisions).toEqual([
      { revision: 3, author: 'Olivia Owner', preset: false, createdAt: expect.any(String), message: null },
      {
        revision: 2,
        author: 'Olivia Owner',
        preset: false,
        createdAt: expect.any(String),
        message: 'Notes go',
      },
      { revision: 1, author: 'Olivia Owner', preset: false, createdAt: expect.any(String), message: null },
    ]);
    const first = await pages.revision(page.id, 1);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      revision: {
        revision: 1,
        author: 'Olivia Owner',
        preset: false,
        createdAt: expect.any(String),
        message: null,
      },
      document: samplePage(),
      migratedFrom: null,
    });
    const missing = await pages.revision(page.id, 4);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`There is no revision 4 of page ${page.id} in your organisation.`);
    expect((await pages.get(page.id)).body).toEqual(renamed.body);
  });

  it('restores an old revision as a new one', async () => {
    const { page } = (await pages.create({ title: 'Plant room', document: samplePage() })).body;
    const emptied = { ...samplePage(), rows: [] };
    await pages.update(page.id, { document: emptied, baseRevision: 1 });
    const restored = await pages.restore(page.id, { revision: 1, baseRevision: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body.page.revision).toBe(3);
    expect(restored.body.document).toEqual(samplePage());
    const again = await pages.restore(page.id, { revision: 2, baseRevision: 3, message: 'Empty again' });
    expect(again.body.document).toEqual(emptied);
    const messages = (await pages.revisions(page.id)).body.revisions.map(
      (entry: { message: string }) => entry.message,
    );
    expect(messages).toEqual(['Empty again', 'Restored revision 1', null, null]);
    const gone = await pages.restore(page.id, { revision: 9, baseRevision: 4 });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(`There is no revision 9 of page ${page.id} in your organisation.`);
  });

  it('resets a page to its template under its own title, and refuses a page without one', async () => {
    const { page } = (await pages.create({ title: 'My dashboard', template: 'dashboard' })).body;
    await pages.update(page.id, { document: samplePage(), baseRevision: 1, title: 'Renamed' });
    const reset = await pages.reset(page.id, { baseRevision: 2 });
    expect(reset.status).toBe(200);
    expect(reset.body.page).toMatchObject({ revision: 3, title: 'Renamed', template: 'dashboard' });
    expect(reset.body.document).toEqual({ ...template('dashboard'), title: 'Renamed' });
    expect((await pages.revisions(page.id)).body.revisions[0].message).toBe(
      'Reset to the template dashboard',
    );

    const blank = (await pages.create({ title: 'Blank' })).body.page;
    const refused = await pages.reset(blank.id, { baseRevision: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].pointer).toBe('/id');
    expect(refused.body.message).toBe(
      `Page ${blank.id} did not start from a template, so there is none to reset it to; restore one of its revisions instead.`,
    );
    expect((await pages.get(blank.id)).body.page.revision).toBe(1);
  });

  it("replaces one widget's props, named by its key or by the keys from its row down", async () => {
    const { page } = (await pages.create({ title: 'Plant room', document: samplePage() })).body;
    const text = await pages.widget({
      pageId: page.id,
      baseRevision: 1,
      key: 't',
      props: { body: 'Checked daily', muted: true },
      message: 'Daily now',
    });
    expect(text.status).toBe(200);
    expect(text.body.page.revision).toBe(2);
    const notes = text.body.document.rows[0].columns[2].cards[0].widgets[0];
    expect(notes).toEqual({ key: 't', name: 'text', data: { body: 'Checked daily', muted: true } });

    const ambiguous = await pages.widget({
      pageId: page.id,
      baseRevision: 2,
      key: 's',
      props: { label: 'x', value: 1 },
    });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.issues).toEqual([
      {
        pointer: '/key',
        message: `"s" names 2 widgets of page ${page.id} (figures/gas/gas/s, figures/water/water/s); name one by its keys from the row down.`,
      },
    ]);
    const water = await pages.widget({
      pageId: page.id,
      baseRevision: 2,
      key: 'water/s',
      props: { label: 'Water', value: 4, unit: 'm³' },
    });
    expect(water.status).toBe(200);
    expect(water.body.document.rows[0].columns[1].cards[0].widgets[0].data).toEqual({
      label: 'Water',
      value: 4,
      unit: 'm³',
    });

    const unknown = await pages.widget({ pageId: page.id, baseRevision: 3, key: 'chart', props: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`There is no widget "chart" on page ${page.id} in your organisation.`);
    const invalid = await pages.widget({
      pageId: page.id,
      baseRevision: 3,
      key: 'figures/gas/gas/s',
      props: { label: 'Gas', value: 7, precision: 12 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues).toEqual([{ pointer: '/props/precision', message: expect.any(String) }]);
    expect((await pages.get(page.id)).body.page.revision).toBe(3);
  });

  it('lists the pages under a page, and deletes a page with its revisions and the pages under it', async () => {
    const parent = (await pages.create({ title: 'Estate' })).body.page;
    const child = (await pages.create({ title: 'London', parentId: parent.id })).body.page;
    const grandchild = (await pages.create({ title: 'London plant', parentId: child.id })).body.page;
    await pages.update(child.id, { document: samplePage('London'), baseRevision: 1 });
    expect(child.parentId).toBe(parent.id);

    const under = await pages.under(parent.id);
    expect(under.status).toBe(200);
    expect(under.body.pages).toEqual([
      expect.objectContaining({ id: child.id, title: 'London', revision: 2 }),
    ]);
    expect((await pages.under(grandchild.id)).body.pages).toEqual([]);

    const deleted = await pages.remove(parent.id);
    expect(deleted).toEqual({ status: 200, body: { deleted: [parent.id, child.id, grandchild.id] } });
    const revisionsLeft = await server.db
      .selectFrom('page_revisions')
      .select('page_id')
      .where('page_id', 'in', [parent.id, child.id, grandchild.id])
      .execute();
    expect(revisionsLeft).toEqual([]);
    for (const id of [parent.id, child.id, grandchild.id]) {
      const gone = await pages.get(id);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(`There is no page ${id} in your organisation.`);
    }
    expect((await pages.remove(parent.id)).status).toBe(404);
  });
});
