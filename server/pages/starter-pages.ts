import type { Page } from '../../src/generated/page-types';
import { HOME_TEMPLATE } from '../../src/layouts/template-page';
import type { Database } from '../db/database';
import { checkedDocument } from './checked-document';
import { insertPage } from './create-page';
import { pageTemplates, templateDocument } from './page-templates';
import { cleanTitle } from './page-title';

/**
 * Gives an organisation its dashboards, inside the transaction that creates
 * it: a page from the dashboard template and, under it, one from each of the
 * other templates, all as revision 1, the product's presets (nobody saved them; the creator owns the pages). Their widgets bind data
 * by intent (electricity, gas...), so they show the organisation's own
 * meters from the first reading on.
 */
export async function addStarterPages(trx: Database, organisationId: number, authorId: string) {
  const home = await insertStarter(trx, {
    organisationId,
    authorId,
    template: HOME_TEMPLATE,
    parentId: null,
  });
  for (const { path } of pageTemplates()) {
    if (path === HOME_TEMPLATE) continue;
    await insertStarter(trx, { organisationId, authorId, template: path, parentId: home });
  }
  await trx
    .updateTable('organisations')
    .set({ starter_pages_added_at: new Date() })
    .where('id', '=', organisationId)
    .execute();
}

/**
 * On the server's start: organisations made before starter pages existed get
 * theirs once. Each is locked and looked at again, so two processes starting
 * together give it one set. Answers how many were given pages.
 */
export async function addMissingStarterPages(db: Database): Promise<number> {
  const waiting = await db
    .selectFrom('organisations')
    .select('id')
    .where('starter_pages_added_at', 'is', null)
    .execute();
  let added = 0;
  for (const { id } of waiting) {
    const gotPages = await db.transaction().execute(async (trx) => {
      const organisation = await trx
        .selectFrom('organisations')
        .select(['created_by', 'starter_pages_added_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!organisation || organisation.starter_pages_added_at !== null) return false;
      await addStarterPages(trx, id, organisation.created_by);
      return true;
    });
    if (gotPages) added += 1;
  }
  return added;
}

interface Starter {
  organisationId: number;
  authorId: string;
  template: string;
  parentId: number | null;
}

/**
 * Each template's document as checked, once per process: the templates ship with the server and do not
 * change while it runs, and every new organisation would otherwise validate all of them again inside the
 * transaction that creates it.
 */
const checkedTemplates = new Map<string, Promise<Page>>();

function checkedTemplate(template: string): Promise<Page> {
  let checked = checkedTemplates.get(template);
  if (!checked) {
    // Checked as any save is: the templates are data, and a broken one must not become a stored page.
    checked = checkedDocument(templateDocument(template), (issue) => ({
      ...issue,
      pointer: `layouts/${template}.json${issue.pointer}`,
    }));
    checkedTemplates.set(template, checked);
  }
  return checked;
}

async function insertStarter(trx: Database, { template, ...page }: Starter): Promise<number> {
  const document = await checkedTemplate(template);
  return insertPage(trx, { ...page, template, title: cleanTitle(document.title), document, preset: true });
}
