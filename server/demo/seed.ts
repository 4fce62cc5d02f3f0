import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
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
  return db.transaction().execute((trx) => insertOrganisationWithUser(trx, member, passwordHash));
}

/** createOrganisationWithUser's rows, inside the caller's transaction. */
async function insertOrganisationWithUser(
  trx: Database,
  member: NewMember,
  passwordHash: string,
): Promise<{ userId: string; organisationId: number }> {
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
}

/**
 * On the first start with an empty database: a demo organisation on an
 * active Advanced plan and a confirmed demo user. The password is random
 * and returned once for the console; it is stored only as a hash.
 */
export async function seedDemo(db: Database): Promise<{ email: string; password: string } | undefined> {
  // Every later start ends here, without hashing a password it would not use.
  if (await anyUser(db)) return undefined;
  const password = `Demo-${randomBytes(9).toString('base64url')}1!`;
  const passwordHash = await hashPassword(password);
  const seeded = await db.transaction().execute(async (trx) => {
    // Server processes started together on one empty database take turns here: the first seeds, and the
    // others find its user once its transaction commits (checking before the lock, two both found none).
    await sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`.execute(trx);
    if (await anyUser(trx)) return false;
    await insertOrganisationWithUser(trx, demoMember(password), passwordHash);
    return true;
  });
  return seeded ? { email: DEMO_EMAIL, password } : undefined;
}

async function anyUser(db: Database): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Any number, the same for every process, and neither the migrations' (db/migrate.ts) nor the points' (readings/point-lock.ts). */
const DEMO_SEED_LOCK = 7_301_003;

const demoMember = (password: string): NewMember => ({
  email: DEMO_EMAIL,
  name: 'Demo User',
  password,
  organisationName: 'Demo Facilities',
  demo: true,
});

/** The demo user's organisation, on this start and later ones; undefined without the demo user. */
export async function demoOrganisationId(db: Database): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('organisation_id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  return row?.organisation_id ?? undefined;
}
