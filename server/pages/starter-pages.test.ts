import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bareOrganisation } from '../db/bare-organisation.test-helper';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { pagesApi } from './pages.test-helper';
import { addMissingStarterPages } from './starter-pages';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const template = (path: string) => {
  const { $schema: _schema, ...document } = JSON.parse(
    readFileSync(new URL(`../../layouts/${path}.json`, import.meta.url), 'utf8'),
  );
  return document;
};

const SUB_PAGES = ['dashboard/alpha', 'dashboard/beta', 'dashboard/dash', 'dashboard/gamma'];

describeEachEngine('starter pages on %s', (engine) => {
  let server: Server;

  beforeAll(async () => {
    server = await startTestApp(engine);
  });
  afterAll(async () => server?.close());

  /** An organisation as one made before starter pages existed: its row, its owner, no pages, not marked. */
  const olderOrganisation = (name: string) => bareOrganisation(server.db, name);

  const pagesOf = (organisationId: number) =>
    server.db
      .selectFrom('pages')
      .select(['id', 'template', 'parent_id'])
      .where('organisation_id', '=', organisationId)
      .orderBy('id')
      .execute();

  it('gives a new organisation its dashboard from the template, with the other templates under it', async () => {
    const owner = await server.memberOfNewOrganisation('owner@starter.test', 'Starter Ltd');
    await server.api('profile', owner.token, { user_id: owner.userId, display_name: 'Sam Starter' }, 'PUT');
    const pages = pagesApi(server, owner.token);

    const listed = (await pages.list()).body.pages as {
      id: number;
      template: string;
      parentId: number | null;
    }[];
    const home = listed.find((page) => page.template === 'dashboard');
    // Nobody saved them: they are the product's presets, not Sam's work.
    expect(home).toMatchObject({
      title: 'Dashboard',
      parentId: null,
      revision: 1,
      updatedBy: null,
      preset: true,
    });
    const under = (await pages.under(home?.id ?? 0)).body.pages as { template: string }[];
    expect(under.map((page) => page.template).sort()).toEqual(SUB_PAGES);
    expect(listed).toHaveLength(1 + SUB_PAGES.length);

    for (const page of listed) {
      const opened = (await pages.get(page.id)).body;
      expect(opened.document).toEqual(template(page.template));
      expect(opened.migratedFrom).toBeNull();
    }
  });

  it('gives an organisation made before starter pages its pages once, and never brings deleted ones back', async () => {
    const older = await olderOrganisation('Older Ltd');
    const another = await olderOrganisation('Another Older Ltd');
    const bothAdded = await addMissingStarterPages(server.db);
    expect(bothAdded).toBeGreaterThanOrEqual(2);

    const given = await pagesOf(older.organisationId);
    expect(given.map((page) => page.template)).toEqual(['dashboard', ...SUB_PAGES]);
    const home = given[0]?.id;
    expect(given.slice(1).every((page) => page.parent_id === home)).toBe(true);
    const authors = await server.db
      .selectFrom('page_revisions')
      .select('author_id')
      .where(
        'page_id',
        'in',
        given.map((page) => page.id),
      )
      .execute();
    expect(new Set(authors.map((row) => row.author_id))).toEqual(new Set([null]));

    // A second start adds nothing, and pages deleted since stay deleted.
    await server.db.deleteFrom('pages').where('organisation_id', '=', another.organisationId).execute();
    expect(await addMissingStarterPages(server.db)).toBe(0);
    expect(await pagesOf(older.organisationId)).toEqual(given);
    expect(await pagesOf(another.organisationId)).toEqual([]);
  });

  it('gives one set when two servers start at once', async () => {
    const racing = await olderOrganisation('Racing Ltd');
    const [first, second] = await Promise.all([
      addMissingStarterPages(server.db),
      addMissingStarterPages(server.db),
    ]);
    expect(first + second).toBe(1);
    expect(await pagesOf(racing.organisationId)).toHaveLength(1 + SUB_PAGES.length);
  });
});
