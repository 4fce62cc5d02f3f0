import { type Selectable, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { notFound } from '../http/api-error';

/** Tables whose rows belong to one organisation and are named by an integer id. */
export type OwnedTable = {
  [T in keyof Tables]: Tables[T] extends { organisation_id: unknown; id: unknown } ? T : never;
}[keyof Tables];

/**
 * The row with this id if it belongs to the organisation; otherwise 404 with
 * `what` named ("data point 12"). An id that does not exist and an id of
 * another organisation get the same answer, so ids reveal nothing, and it is
 * 404, not 403, because 403 means a right the caller's role lacks (and the
 * browser signs out on it, spec §4).
 */
export async function loadOwned<T extends OwnedTable>(
  db: Database,
  table: T,
  organisationId: number,
  id: number,
  what: string,
): Promise<Selectable<Tables[T]>> {
  const row = await db
    .selectFrom(table as OwnedTable)
    .selectAll()
    .where(sql.ref('id'), '=', id)
    .where(sql.ref('organisation_id'), '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound(what);
  return row as Selectable<Tables[T]>;
}

/** For lookups a query module makes itself: the found row, or the same 404 as loadOwned. */
export function ownedOrNotFound<R>(row: R | undefined, what: string): R {
  if (row === undefined) throw notFound(what);
  return row;
}
