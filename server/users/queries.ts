import type { Database } from '../db/database';

/** The members of an organisation, by e-mail. */
export function membersOf(db: Database, organisationId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('organisation_id', '=', organisationId)
    .orderBy('email')
    .execute();
}

/** How long an expired invitation stays on the people page. */
const EXPIRED_INVITATIONS_LISTED_DAYS = 30;

/**
 * Invitations of an organisation neither accepted nor revoked, newest first:
 * the open ones, and those that expired in the last 30 days.
 */
export function openInvitationsOf(db: Database, organisationId: number) {
  return (
    db
      .selectFrom('invitations')
      .select(['email', 'role', 'created_at', 'expires_at'])
      .where('organisation_id', '=', organisationId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      // Expired ones stay listed for a while, so an admin sees who never joined and can send again.
      .where('expires_at', '>', new Date(Date.now() - EXPIRED_INVITATIONS_LISTED_DAYS * 86_400_000))
      .orderBy('created_at', 'desc')
      .execute()
  );
}

/** Whether the organisation already has a member with this address. */
export async function isMemberByEmail(db: Database, organisationId: number, email: string): Promise<boolean> {
  const member = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return member !== undefined;
}

/** A user by (lower-case) address, with whether they have confirmed it. */
export function userByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();
}
