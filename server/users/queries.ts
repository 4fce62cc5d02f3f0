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
