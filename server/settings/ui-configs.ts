import type { Database } from '../db/database';

/** The user's interface settings for the organisation, if saved. */
export function uiConfigOf(db: Database, userId: string, organisationId: number) {
  return db
    .selectFrom('ui_configs')
    .select('config')
    .where('user_id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
}

/** Saves the user's interface settings for the organisation, replacing what was there. */
export async function saveUiConfig(
  db: Database,
  userId: string,
  organisationId: number,
  config: object,
): Promise<void> {
  const values = { config: JSON.stringify(config), updated_at: new Date() };
  await db
    .insertInto('ui_configs')
    .values({ user_id: userId, organisation_id: organisationId, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'organisation_id']).doUpdateSet(values))
    .execute();
}
