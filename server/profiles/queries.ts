import type { Database } from '../db/database';

/** The user's saved profile, if they have saved one. */
export function profileOf(db: Database, userId: string) {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The key of the user's current picture, or null. */
export async function profileImageKey(db: Database, userId: string): Promise<string | null> {
  const profile = await db
    .selectFrom('profiles')
    .select('image_key')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return profile?.image_key ?? null;
}

export interface ProfileFields {
  display_name: string | null;
  phone_number: string | null;
  time_zone: string | null;
  /** Left as it is when not given. */
  image_key?: string | null;
}

/** Saves the user's profile, creating it the first time. */
export async function saveProfile(db: Database, userId: string, fields: ProfileFields): Promise<void> {
  const values = { ...fields, updated_at: new Date() };
  await db
    .insertInto('profiles')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
}

/** Points the user's profile at a newly stored picture, creating the profile the first time. */
export async function setProfileImage(db: Database, userId: string, key: string): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ user_id: userId, image_key: key, updated_at: new Date() })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ image_key: key, updated_at: new Date() }),
    )
    .execute();
}
