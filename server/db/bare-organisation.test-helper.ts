import { randomUUID } from 'node:crypto';
import type { Database } from './database';

/**
 * An organisation made straight in the database, with its owner: its row
 * and a user nobody signs in as, none of what signing up adds (pages,
 * subscription). For tests of what runs on the rows alone.
 */
export async function bareOrganisation(
  db: Database,
  name: string,
): Promise<{ organisationId: number; userId: string }> {
  const userId = randomUUID();
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: `${userId}@bare.test`,
      password_hash: 'not a hash: nobody signs in as this user',
      attributes: JSON.stringify({}),
      updated_at: new Date(),
    })
    .execute();
  const { id } = await db
    .insertInto('organisations')
    .values({ name, created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ organisation_id: id, role: 'owner' })
    .where('id', '=', userId)
    .execute();
  return { organisationId: id, userId };
}
