import type { Selectable } from 'kysely';
import type { PageRevision } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { displayNames } from '../saved-views/display-names';

export type RevisionRow = Selectable<Tables['page_revisions']>;

/** A page's revisions, newest first. The page must already be known to be the caller's. */
export async function listRevisions(db: Database, pageId: number): Promise<PageRevision[]> {
  const rows = await db
    .selectFrom('page_revisions')
    .select(['revision', 'author_id', 'preset', 'created_at', 'message'])
    .where('page_id', '=', pageId)
    .orderBy('revision', 'desc')
    .execute();
  const names = await displayNames(
    db,
    rows.map((row) => row.author_id),
  );
  return rows.map((row) => revisionOf(row, names));
}

/** One revision of a page known to be the caller's, or 404 naming both. */
export async function findRevision(db: Database, pageId: number, revision: number): Promise<RevisionRow> {
  const row = await db
    .selectFrom('page_revisions')
    .selectAll()
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return ownedOrNotFound(row, `revision ${revision} of page ${pageId}`);
}

/** The page's current revision: the highest. Every page has one from its creation on. */
export async function currentRevision(db: Database, pageId: number): Promise<RevisionRow> {
  return db
    .selectFrom('page_revisions')
    .selectAll()
    .where('page_id', '=', pageId)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** A revision as the history lists it, with its author's name. */
export async function describedRevision(db: Database, row: RevisionRow): Promise<PageRevision> {
  return revisionOf(row, await displayNames(db, [row.author_id]));
}

function revisionOf(
  row: Pick<RevisionRow, 'revision' | 'author_id' | 'preset' | 'created_at' | 'message'>,
  names: Map<string, string>,
): PageRevision {
  return {
    revision: row.revision,
    author: (row.author_id && names.get(row.author_id)) ?? null,
    preset: row.preset,
    createdAt: row.created_at.toISOString(),
    message: row.message,
  };
}
