import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { hashPassword } from '../identity/passwords';
import { addStarterPages } from '../pages/starter-pages';

export const DEMO_EMAIL = 'demo@insights.local';

export interface NewMember {
  email: string;
  name: string;
  password: string;
  organisationName: string;
  /** The demo organisation, whose places and readings are generated; the screens say so. */
  demo?: boolean;
}

/** A confirmed user in a new organisation on an active Advanced plan, with its dashboards, made in one transaction. */
export async function createOrganisationWithUser(
  db: Database,
  member: NewMember,
): Promise<{ userId: string; organisationId: number }> {
  const passwordHash = await hashPassword(member.password);
  return db.transaction().execute(async (trx) => {
    const userId = randomUUID();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email: member.email,
        name: member.name,
        password_hash: passwordHash,
        status: 'CONFIRMED',
        updated_at: new Date(),
      })
      .execute();
    const organisation = await trx
      .insertInto('organisations')
      .values({ name: member.organisationName, created_by: userId, demo: member.demo ?? false })
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
      .set({ organisation_id: organisation.id, role: 'owner' })
      .where('id', '=', userId)
      .execute();
    await addStarterPages(trx, organisation.id, userId);
    return { userId, organisationId: organisation.id };
  });
}

/**
 * On the first start with an empty database: a demo organisation on an
 * active Advanced plan and a confirmed demo user. The password is random
 * and returned once for the console; it is stored only as a hash.
 */
export async function seedDemo(db: Database): Promise<{ email: string; password: string } | undefined> {
  const anyone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return undefined;
  const password = `Demo-${randomBytes(9).toString('base64url')}1!`;
  await createOrganisationWithUser(db, {
    email: DEMO_EMAIL,
    name: 'Demo User',
    password,
    organisationName: 'Demo Facilities',
    demo: true,
  });
  return { email: DEMO_EMAIL, password };
}

/** The demo user's organisation, on this start and later ones; undefined without the demo user. */
export async function demoOrganisationId(db: Database): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('organisation_id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  return row?.organisation_id ?? undefined;
}
