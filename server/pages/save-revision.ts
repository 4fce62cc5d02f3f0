import { sql } from 'kysely';
import type { Page } from '../../src/generated/page-types';
import type { Database } from '../db/database';
import { displayNames } from '../saved-views/display-names';
import { type OpenedPage, openPage, ownPage, type PageRow } from './pages';
import { currentRevision, type RevisionRow } from './revisions';
import { staleBase } from './stale-base';

/** A save of a page: who, from which revision, why, and how the new document follows from the current one. */
export interface Save {
  organisationId: number;
  pageId: number;
  /** The revision the edit started from; the save is refused unless it is still the current one. */
  baseRevision: number;
  authorId: string;
  message?: string;
  /** The document to store, checked; called with the page locked and the base found current. */
  next: (current: { page: PageRow; revision: RevisionRow }) => Page | Promise<Page>;
}

/**
 * Stores the next revision of a page. The check of the base revision and the
 * insert run in one transaction that first locks the page's row, so of two
 * saves from the same base the second waits for the first, then finds the
 * base outdated and gets 409: both cannot win. The answer is read in the same
 * transaction, so it is the revision saved, not a later one.
 */
export async function saveRevision(db: Database, save: Save): Promise<OpenedPage> {
  return db.transaction().execute(async (trx) => {
    const page = await ownPage(trx, save.organisationId, save.pageId, { lock: 'update' });
    const current = await currentRevision(trx, page.id);
    if (current.revision !== save.baseRevision) {
      const names = await displayNames(trx, [current.author_id]);
      throw staleBase(page.id, save.baseRevision, current, names.get(current.author_id ?? '') ?? null);
    }
    const document = await save.next({ page, revision: current });
    await trx
      .insertInto('page_revisions')
      .values({
        page_id: page.id,
        revision: current.revision + 1,
        document: JSON.stringify(document),
        message: cleanMessage(save.message),
        author_id: save.authorId,
      })
      .execute();
    await trx
      .updateTable('pages')
      .set({ title: document.title, updated_at: sql`now()` })
      .where('id', '=', page.id)
      .execute();
    return openPage(trx, save.organisationId, page.id);
  });
}

/** A message of only spaces says nothing; the history shows none rather than a blank. */
export function cleanMessage(message: string | undefined): string | null {
  const trimmed = message?.trim();
  return trimmed ? trimmed : null;
}
