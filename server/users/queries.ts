import type { Database } from '../db/database';

/** The members of an organisation, by e-mail. */
export function membersOf(db: Database, organisationId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('organisation_id', '=', organisationId)
    .orderBy('email')
    .execute();
}

/** Invitations of an organisation not yet accepted nor expired, newest first. */
export function openInvitationsOf(db: Database, organisationId: number) {
  return db
    .selectFrom('invitations')
    .select(['email', 'created_at', 'expires_at'])
    .where('organisation_id', '=', organisationId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .execute();
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

/** Takes a member out of the organisation: their id, or undefined when the organisation has no such member. */
export function removeMember(db: Database, organisationId: number, userId: string) {
  return db
    .updateTable('users')
    .set({ organisation_id: null, updated_at: new Date() })
    .where('id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .returning('id')
    .executeTakeFirst();
}

/** A user by (lower-case) address, with whether they have confirmed it. */
export function userByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();
}
