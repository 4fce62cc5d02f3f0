import { type Selectable, sql } from 'kysely';
import type { DashboardGetResponse, PageSummary } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { displayNames } from '../saved-views/display-names';
import { readStored } from './stored-document';

export type PageRow = Selectable<Tables['pages']>;
/** A page with its current document, as every endpoint that opens or saves a page answers. */
export type OpenedPage = DashboardGetResponse;

/**
 * One of the organisation's pages, or 404 naming it (another organisation's
 * id reads as no page at all). `lock` holds its row until the transaction
 * ends: 'update' for a save, which must see every save before it, 'share' to
 * keep it from being deleted while a page is put under it.
 */
export async function ownPage(
  db: Database,
  organisationId: number,
  id: number,
  { lock }: { lock?: 'update' | 'share' } = {},
): Promise<PageRow> {
  const query = db
    .selectFrom('pages')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId);
  const locked = lock === 'update' ? query.forUpdate() : lock === 'share' ? query.forShare() : query;
  return ownedOrNotFound(await locked.executeTakeFirst(), `page ${id}`);
}

/** The organisation's pages, by title: all of them, or those directly under one page. */
export async function pageSummaries(
  db: Database,
  organisationId: number,
  { under }: { under?: number } = {},
): Promise<PageSummary[]> {
  let query = withCurrentRevision(db).where('pages.organisation_id', '=', organisationId);
  if (under !== undefined) query = query.where('pages.parent_id', '=', under);
  const rows = await query.select(SUMMARY).orderBy(sql`lower(pages.title)`).orderBy('pages.id').execute();
  const names = await displayNames(
    db,
    rows.map((row) => row.author_id),
  );
  return rows.map((row) => summaryOf(row, names));
}

/** One page of the organisation with its current document, migrated for reading; 404 for any other id. */
export async function openPage(db: Database, organisationId: number, id: number): Promise<OpenedPage> {
  const row = ownedOrNotFound(
    await withCurrentRevision(db)
      .where('pages.organisation_id', '=', organisationId)
      .where('pages.id', '=', id)
      .select([...SUMMARY, 'latest.document'])
      .executeTakeFirst(),
    `page ${id}`,
  );
  const names = await displayNames(db, [row.author_id]);
  return { page: summaryOf(row, names), ...readStored(row.document) };
}

const SUMMARY = [
  'pages.id',
  'pages.title',
  'pages.template',
  'pages.parent_id',
  'pages.updated_at',
  'latest.revision',
  'latest.author_id',
  'latest.preset',
] as const;

/** Pages joined to their current revision, the highest. */
function withCurrentRevision(db: Database) {
  return db
    .selectFrom('pages')
    .innerJoin('page_revisions as latest', (join) =>
      join
        .onRef('latest.page_id', '=', 'pages.id')
        .on(
          sql<boolean>`latest.revision = (select max(revision) from page_revisions where page_id = pages.id)`,
        ),
    );
}

function summaryOf(
  row: Pick<PageRow, 'id' | 'title' | 'template' | 'parent_id' | 'updated_at'> & {
    revision: number;
    author_id: string | null;
    preset: boolean;
  },
  names: Map<string, string>,
): PageSummary {
  return {
    id: row.id,
    title: row.title,
    template: row.template,
    parentId: row.parent_id,
    revision: row.revision,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: (row.author_id && names.get(row.author_id)) ?? null,
    preset: row.preset,
  };
}
