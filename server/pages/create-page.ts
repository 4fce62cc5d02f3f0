import { CURRENT_SCHEMA_VERSION } from '../../src/engine/migrations';
import type { DashboardCreateRequest } from '../../src/generated/api-types';
import type { Page } from '../../src/generated/page-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { checkedDocument } from './checked-document';
import { pageTemplates, templateDocument } from './page-templates';
import { cleanTitle } from './page-title';
import { type OpenedPage, openPage, ownPage } from './pages';

/** Who creates the page, in which organisation, and what they asked for. */
export interface NewPage {
  organisationId: number;
  authorId: string;
  request: DashboardCreateRequest;
}

/**
 * A new page, stored as revision 1 in one transaction with its row: the
 * given document (an imported file), else its template's, else a blank page;
 * the title replaces the document's. A parent is locked while the page is
 * put under it, so it cannot be deleted in between.
 */
export async function createPage(
  db: Database,
  { organisationId, authorId, request }: NewPage,
): Promise<OpenedPage> {
  const title = cleanTitle(request.title);
  const document = { ...(await firstDocument(request)), title };
  return db.transaction().execute(async (trx) => {
    if (request.parentId !== undefined) {
      await ownPage(trx, organisationId, request.parentId, { lock: 'share' });
    }
    const id = await insertPage(trx, {
      organisationId,
      authorId,
      title,
      template: request.template ?? null,
      parentId: request.parentId ?? null,
      document,
    });
    return openPage(trx, organisationId, id);
  });
}

/** A page row and its revision 1, inside the caller's transaction; the document is checked already. */
export interface PageInsert {
  organisationId: number;
  authorId: string | null;
  /** A page the product gives (a starter dashboard): its revision 1 has no author. */
  preset?: boolean;
  title: string;
  template: string | null;
  parentId: number | null;
  document: Page;
}

/** Stores a new page as revision 1 and answers its id. */
export async function insertPage(trx: Database, page: PageInsert): Promise<number> {
  const { id } = await trx
    .insertInto('pages')
    .values({
      organisation_id: page.organisationId,
      title: page.title,
      template: page.template,
      parent_id: page.parentId,
      created_by: page.authorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('page_revisions')
    .values({
      page_id: id,
      revision: 1,
      document: JSON.stringify(page.document),
      author_id: page.preset ? null : page.authorId,
      preset: page.preset ?? false,
    })
    .execute();
  return id;
}

/** The document revision 1 starts from, checked as every save is. */
async function firstDocument(request: DashboardCreateRequest): Promise<Page> {
  const template = request.template === undefined ? undefined : requireTemplate(request.template);
  if (request.document !== undefined) return checkedDocument(request.document);
  if (template !== undefined) {
    return checkedDocument(template, (issue) => ({
      pointer: '/template',
      message: `the template's ${issue.pointer || '/'}: ${issue.message}`,
    }));
  }
  return blankPage();
}

/** The template's document, or 400 naming the templates there are. */
function requireTemplate(path: string): unknown {
  const document = templateDocument(path);
  if (document === undefined) {
    const paths = pageTemplates().map((template) => template.path);
    throw fieldError('/template', `There is no template "${path}"; the templates are ${paths.join(', ')}.`);
  }
  return document;
}

/** A valid page with nothing on it yet. */
function blankPage(): Page {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION as Page['schemaVersion'],
    id: 'untitled',
    title: 'Untitled',
    rows: [],
  };
}
