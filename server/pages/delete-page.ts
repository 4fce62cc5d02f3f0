import { sql } from 'kysely';
import type { Database } from '../db/database';
import { ownPage } from './pages';

/**
 * Deletes a page; its revisions and the pages under it (at any depth) go
 * with it, by the foreign keys' cascade. Answers the ids that went, the page
 * first, read in the same transaction with the page locked.
 */
export async function deletePage(db: Database, organisationId: number, id: number): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await ownPage(trx, organisationId, id, { lock: 'update' });
    const { rows } = await sql<{ id: number }>`
      with recursive tree (id, depth) as (
        select ${id}::integer, 0
        union all
        select pages.id, tree.depth + 1 from pages join tree on pages.parent_id = tree.id
      )
      select id from tree order by depth, id
    `.execute(trx);
    await trx.deleteFrom('pages').where('id', '=', id).execute();
    return rows.map((row) => row.id);
  });
}
