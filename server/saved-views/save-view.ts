import type { AddExplorerRequest, UpdateDataExplorerRequest } from '../../src/generated/api-types';
import { isUniqueViolation } from '../datapoints/point-rules';
import type { Database } from '../db/database';
import { ApiError, fieldError } from '../http/api-error';
import { checkView } from './check-view';
import { isDatabaseId } from './database-id';
import { explorerNotFound } from './saved-views';

/** Saves a new view for the organisation; returns its id. */
export async function addExplorer(
  db: Database,
  organisationId: number,
  userId: string,
  body: AddExplorerRequest,
): Promise<number> {
  const name = cleanName(body.name);
  await checkView(db, organisationId, body.view);
  const row = await withUniqueName(name, () =>
    db
      .insertInto('data_explorers')
      .values({
        organisation_id: organisationId,
        name,
        view: JSON.stringify(body.view),
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** Renames a saved view, replaces what it shows, or both. */
export async function updateExplorer(
  db: Database,
  organisationId: number,
  body: UpdateDataExplorerRequest,
): Promise<void> {
  if (!isDatabaseId(body.id)) throw explorerNotFound(body.id);
  const name = body.name === undefined ? undefined : cleanName(body.name);
  if (body.view) await checkView(db, organisationId, body.view);
  const result = await withUniqueName(name ?? '', () =>
    db
      .updateTable('data_explorers')
      .set({
        updated_at: new Date(),
        ...(name === undefined ? {} : { name }),
        ...(body.view ? { view: JSON.stringify(body.view) } : {}),
      })
      .where('id', '=', body.id)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst(),
  );
  if (Number(result.numUpdatedRows) === 0) throw explorerNotFound(body.id);
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw fieldError('/name', 'Give the saved view a name, such as "Chillers this week".');
  return trimmed;
}

/** The database's unique index decides, so two people saving the same name at once cannot both win. */
async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(
        409,
        `A saved view named "${name}" already exists in your organisation (names ignore case); choose another name.`,
      );
    }
    throw error;
  }
}
