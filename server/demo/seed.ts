import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { hashPassword } from '../identity/passwords';

export const DEMO_EMAIL = 'demo@insights.local';

/**
 * On the first start with an empty database: a demo organisation on an
 * active Advanced plan and a confirmed demo user. The password is random
 * and returned once for the console; it is stored only as a hash.
 */
export async function seedDemo(db: Database): Promise<{ email: string; password: string } | undefined> {
  const anyone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return undefined;
  const password = `Demo-${randomBytes(9).toString('base64url')}1!`;
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const userId = randomUUID();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email: DEMO_EMAIL,
        name: 'Demo User',
        password_hash: passwordHash,
        status: 'CONFIRMED',
        updated_at: new Date(),
      })
      .execute();
    const organisation = await trx
      .insertInto('organisations')
      .values({ name: 'Demo Facilities', created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('subscriptions')
      .values({
        organisation_id: organisation.id,
        plan: 'ADVANCE',
        status: 'active',
        provider: 'local',
        updated_at: new Date(),
      })
      .execute();
    await trx
      .updateTable('users')
      .set({ organisation_id: organisation.id })
      .where('id', '=', userId)
      .execute();
  });
  return { email: DEMO_EMAIL, password };
}
