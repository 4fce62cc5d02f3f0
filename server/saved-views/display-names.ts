import type { Database } from '../db/database';

/**
 * The names to show for who made something: the profile's display name, else the account's name,
 * else its e-mail. Users deleted since are left out, so their work shows no author.
 */
export async function displayNames(
  db: Database,
  userIds: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'profiles.display_name'])
    .where('users.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [row.id, row.display_name?.trim() || row.name.trim() || row.email] as const),
  );
}
