import { randomBytes } from 'node:crypto';
import type { Role } from '../../src/generated/api-types';
import { ensureRoom } from '../billing/plan-limits';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import type { Caller } from '../http/authenticate';
import { maskEmail } from '../identity/user-pool';

/** An invitation link works for a week. */
export const INVITATION_DAYS = 7;

/** Invitations one organisation may send in an hour (README, limits). */
export const INVITATIONS_PER_ORGANISATION = 30;

/** How many invitations the organisation has sent within the last hour. */
export async function invitationsSentRecently(db: Database, organisationId: number): Promise<number> {
  const { count } = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organisation_id', '=', organisationId)
    .where('created_at', '>', new Date(Date.now() - 60 * 60_000))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export const newInvitationToken = () => randomBytes(24).toString('base64url');

/** The name of the organisation an invitation is for. */
export async function organisationName(db: Database, organisationId: number): Promise<string> {
  const organisation = await db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return organisation.name;
}

export interface NewInvitation {
  token: string;
  organisationId: number;
  email: string;
  invitedBy: string;
  /** The role the invitee joins with. */
  role: Role;
  expiresAt: Date;
}

/**
 * Makes the invitation, revoking any earlier one to the same address in the
 * organisation in the same transaction: sending again (the people page's
 * Resend) leaves one link that works, the newest.
 */
export async function createInvitation(db: Database, invitation: NewInvitation): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeOpenInvitations(trx, invitation.organisationId, invitation.email);
    await ensureRoom(trx, invitation.organisationId, 'users', 1);
    await trx
      .insertInto('invitations')
      .values({
        token: invitation.token,
        organisation_id: invitation.organisationId,
        email: invitation.email,
        invited_by: invitation.invitedBy,
        role: invitation.role,
        expires_at: invitation.expiresAt,
      })
      .execute();
  });
}

/** Revokes the organisation's invitations to an address not yet accepted; how many it revoked. */
export async function revokeOpenInvitations(
  db: Database,
  organisationId: number,
  email: string,
): Promise<number> {
  const revoked = await db
    .updateTable('invitations')
    .set({ revoked_at: new Date() })
    .where('organisation_id', '=', organisationId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows);
}

/** Whether an invitation's link still works: not accepted, not revoked, not expired. */
export function isUsable(invitation: {
  accepted_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date;
}): boolean {
  return !invitation.accepted_at && !invitation.revoked_at && invitation.expires_at.getTime() > Date.now();
}

/** An invitation with the name of its organisation, before sign-up: undefined when there is none with this token. */
export function invitationWithOrganisation(db: Database, token: string) {
  return db
    .selectFrom('invitations')
    .innerJoin('organisations', 'organisations.id', 'invitations.organisation_id')
    .select([
      'invitations.email',
      'invitations.expires_at',
      'invitations.accepted_at',
      'invitations.revoked_at',
      'organisations.name',
    ])
    .where('invitations.token', '=', token)
    .executeTakeFirst();
}

/**
 * The signed-in invitee joins the invitation's organisation and the token is
 * spent, in one transaction; refused when the link is spent or expired, is
 * for another address, or the caller already belongs to another organisation.
 */
export async function acceptInvitation(
  db: Database,
  caller: Caller,
  token: string,
): Promise<{ organisation_id: number }> {
  return db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('invitations')
      .selectAll()
      .where('token', '=', token)
      .forUpdate()
      .executeTakeFirst();
    if (!invitation || !isUsable(invitation))
      throw new ApiError(404, 'This invitation link is not valid any more; ask for a new one.');
    if (invitation.email !== caller.email) {
      // Masked: whoever holds a forwarded link learns no more than the invitee's initial.
      throw new ApiError(
        403,
        `This invitation is for ${maskEmail(invitation.email)}; sign in with that address to accept it.`,
      );
    }
    if (caller.organisationId !== null && caller.organisationId !== invitation.organisation_id) {
      throw new ApiError(409, 'You already belong to an organisation.');
    }
    await trx
      .updateTable('invitations')
      .set({ accepted_at: new Date(), accepted_by: caller.userId })
      .where('token', '=', invitation.token)
      .execute();
    await trx
      .updateTable('users')
      // A member accepting a second invitation to their own organisation keeps the role they have.
      .set({
        organisation_id: invitation.organisation_id,
        ...(caller.organisationId === null ? { role: invitation.role } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', caller.userId)
      .execute();
    return { organisation_id: invitation.organisation_id };
  });
}
