import type { FastifyInstance } from 'fastify';
import type {
  AcceptUserInviteRequest,
  GetUsersRequest,
  RemoveUserRequest,
  SendUserInviteRequest,
} from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { ApiError, notYours } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import type { Caller } from '../http/authenticate';
import { maskEmail } from '../identity/user-pool';
import { requireMember } from '../organisations/membership';
import { INVITATION_DAYS, newInvitationToken } from './invitations';
import { membersOf, openInvitationsOf } from './queries';

function requireOrganisation(caller: Caller): number {
  if (caller.organisationId === null) throw new ApiError(409, 'Create or join an organisation first.');
  return caller.organisationId;
}

/** The people of an organisation: listing, inviting, removing, and joining by invitation. */
export async function userRoutes(
  app: FastifyInstance,
  { db, mailer, publicUrl, callers }: ApiContext,
): Promise<void> {
  app.post<{ Body: GetUsersRequest }>(
    '/getUsers',
    { schema: endpointSchema('getUsers') },
    async (request) => {
      const organisationId = requireOrganisation(request.caller);
      if (request.body.orgId !== undefined) requireMember(request.caller, request.body.orgId);
      const [users, invitations] = await Promise.all([
        membersOf(db, organisationId),
        openInvitationsOf(db, organisationId),
      ]);
      return {
        users: users.map((user) => ({
          ...user,
          role: 'admin' as const,
          isYou: user.id === request.caller.userId,
        })),
        invitations: invitations.map((invitation) => ({
          email: invitation.email,
          createdAt: invitation.created_at.toISOString(),
          expiresAt: invitation.expires_at.toISOString(),
        })),
      };
    },
  );

  app.post<{ Body: SendUserInviteRequest }>(
    '/sendUserInvite',
    { schema: endpointSchema('sendUserInvite') },
    async (request) => {
      const organisationId = requireOrganisation(request.caller);
      const email = request.body.email.trim().toLowerCase();
      const member = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      if (member) throw new ApiError(409, `${email} is already a member of this organisation.`);
      const token = newInvitationToken();
      const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
      const organisation = await db
        .selectFrom('organisations')
        .select('name')
        .where('id', '=', organisationId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('invitations')
        .values({
          token,
          organisation_id: organisationId,
          email,
          invited_by: request.caller.userId,
          expires_at: expiresAt,
        })
        .execute();
      await mailer.send({
        to: email,
        subject: `You are invited to ${organisation.name} on Insights`,
        text: `${request.caller.name || request.caller.email} invites you to join ${organisation.name} on Insights.\n\nSign up with this link within ${INVITATION_DAYS} days:\n${publicUrl}/auth/register/${token}\n`,
      });
      return { email, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post<{ Body: RemoveUserRequest }>(
    '/removeUser',
    { schema: endpointSchema('removeUser') },
    async (request) => {
      const organisationId = requireOrganisation(request.caller);
      if (request.body.userId === request.caller.userId) {
        throw new ApiError(400, 'You cannot remove yourself; ask another member to do it.');
      }
      const removed = await db
        .updateTable('users')
        .set({ organisation_id: null, updated_at: new Date() })
        .where('id', '=', request.body.userId)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      if (Number(removed.numUpdatedRows) !== 1) throw notYours();
      callers.forgetUser(request.body.userId);
      return { ok: true as const };
    },
  );

  const acceptInvite = async (request: { caller: Caller; body: AcceptUserInviteRequest }) => {
    const { caller, body } = request;
    if (body.userId !== caller.userId)
      throw new ApiError(403, 'An invitation can only be accepted by the person signed in.');
    const joined = await db.transaction().execute(async (trx) => {
      const invitation = await trx
        .selectFrom('invitations')
        .selectAll()
        .where('token', '=', body.inviteToken)
        .forUpdate()
        .executeTakeFirst();
      const usable = invitation && !invitation.accepted_at && invitation.expires_at.getTime() > Date.now();
      if (!usable) throw new ApiError(404, 'This invitation link is not valid any more; ask for a new one.');
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
        .set({ organisation_id: invitation.organisation_id, updated_at: new Date() })
        .where('id', '=', caller.userId)
        .execute();
      return { organisation_id: invitation.organisation_id };
    });
    callers.forgetUser(caller.userId);
    return joined;
  };
  const acceptSchema = { schema: endpointSchema('acceptUserInvite') };
  app.post<{ Body: AcceptUserInviteRequest }>('/acceptUserInvite', acceptSchema, acceptInvite);
  app.post<{ Body: AcceptUserInviteRequest }>('/accept-invite', acceptSchema, acceptInvite);
}
