import type { Database } from '../../server/db/database.ts';
import { createOrganisationWithUser } from '../../server/demo/seed.ts';
import type { PoolSettings } from '../../server/identity/pool-settings.ts';
import { currentSigningKey } from '../../server/identity/signing-keys.ts';
import { startSession, type TokenUser } from '../../server/identity/tokens.ts';

export interface Tenancy {
  organisations: number;
  /** Members of each organisation: what its getUsers answer lists. */
  members: number;
  /** Members of each organisation who send requests. */
  activeUsers: number;
  invitations: number;
}

export interface BenchUser extends TokenUser {
  organisation_id: number;
}

/**
 * Organisations filled with members and open invitations like real ones, each
 * made as a sign-up makes it. Returns the users who send requests, ordered
 * so that neighbours belong to different organisations (user i to
 * organisation i mod `organisations`): requests taken in order are spread
 * over every organisation.
 */
export async function populate(db: Database, tenancy: Tenancy): Promise<BenchUser[]> {
  const byOrganisation: BenchUser[][] = [];
  for (let organisation = 0; organisation < tenancy.organisations; organisation++) {
    byOrganisation.push(await populateOrganisation(db, organisation, tenancy));
  }
  const users: BenchUser[] = [];
  for (let index = 0; index < tenancy.activeUsers; index++) {
    for (const members of byOrganisation) users.push(members[index] as BenchUser);
  }
  return users;
}

async function populateOrganisation(
  db: Database,
  organisation: number,
  tenancy: Tenancy,
): Promise<BenchUser[]> {
  const owner = await createOrganisationWithUser(db, {
    email: `owner@org${organisation}.bench.test`,
    name: `Owner ${organisation}`,
    password: 'Bench-password-1',
    organisationName: `Bench organisation ${organisation}`,
  });
  await db
    .insertInto('users')
    .values(
      Array.from({ length: tenancy.members - 1 }, (_, index) => ({
        id: crypto.randomUUID(),
        email: `member${index}@org${organisation}.bench.test`,
        name: `Member ${index} of ${organisation}`,
        password_hash: '!bench',
        status: 'CONFIRMED' as const,
        organisation_id: owner.organisationId,
        updated_at: new Date(),
      })),
    )
    .execute();
  await db
    .insertInto('invitations')
    .values(
      Array.from({ length: tenancy.invitations }, (_, index) => ({
        token: `bench-invitation-${organisation}-${index}-xxxxxxxxxxxxxxxx`,
        organisation_id: owner.organisationId,
        email: `invitee${index}@org${organisation}.bench.test`,
        invited_by: owner.userId,
        expires_at: new Date(Date.now() + 7 * 86_400_000),
      })),
    )
    .execute();
  const members = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'organisation_id', 'attributes'])
    .where('organisation_id', '=', owner.organisationId)
    .orderBy('email')
    .limit(tenancy.activeUsers)
    .execute();
  return members.map((member) => ({ ...member, organisation_id: owner.organisationId }));
}

/**
 * `perUser` new sessions for every user, in rounds over the users (so
 * neighbouring tokens are different users'): the ID tokens their browsers
 * would hold. Made by the function the sign-in runs once the password is
 * checked, which is set-up here, not what is measured.
 */
export async function startSessions(
  db: Database,
  pool: PoolSettings,
  users: BenchUser[],
  perUser: number,
): Promise<string[]> {
  const key = await currentSigningKey(db);
  const tokens: string[] = [];
  for (let session = 0; session < perUser; session++) {
    const round = await Promise.all(users.map((user) => startSession(db, pool, key, user)));
    tokens.push(...round.map((result) => result.IdToken));
  }
  return tokens;
}
