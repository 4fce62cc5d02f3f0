import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { addStarterPages } from '../pages/starter-pages';

/** The one sentence for a user who has an organisation already. */
export const alreadyMember = () => new ApiError(409, 'You already belong to an organisation.');

/**
 * A new organisation with an (incomplete) subscription, its dashboards from
 * the templates, and the user, who must have no organisation, as its first
 * member and owner: all or nothing.
 */
export async function createOrganisation(
  db: Database,
  userId: string,
  name: string,
): Promise<{ organisation_id: number; name: string }> {
  return db.transaction().execute(async (trx) => {
    const organisation = await trx
      .insertInto('organisations')
      .values({ name, created_by: userId })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('subscriptions')
      .values({ organisation_id: organisation.id, updated_at: new Date() })
      .execute();
    // Only an organisation-less user is moved in: two racing requests cannot leave one of them orphaned.
    const moved = await trx
      .updateTable('users')
      .set({ organisation_id: organisation.id, role: 'owner', updated_at: new Date() })
      .where('id', '=', userId)
      .where('organisation_id', 'is', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw alreadyMember();
    await addStarterPages(trx, organisation.id, userId);
    return { organisation_id: organisation.id, name: organisation.name };
  });
}

/** The organisation's name and image key, and whether it is the demo organisation. */
export function organisationImage(db: Database, organisationId: number) {
  return db
    .selectFrom('organisations')
    .select(['name', 'image_key', 'demo'])
    .where('id', '=', organisationId)
    .executeTakeFirst();
}

/** Sets (or clears, with null) the organisation's image key. */
export async function setOrganisationImage(
  db: Database,
  organisationId: number,
  key: string | null,
): Promise<void> {
  await db.updateTable('organisations').set({ image_key: key }).where('id', '=', organisationId).execute();
}

/** Gives the organisation another name. */
export async function renameOrganisation(db: Database, organisationId: number, name: string): Promise<void> {
  await db.updateTable('organisations').set({ name }).where('id', '=', organisationId).execute();
}
