import type { FastifyInstance } from 'fastify';
import type { PreAuthorizationRequest, ResendVerifiedEmailCodeRequest } from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { endpointSchema } from '../http/api-schema';
import { sendConfirmationCode } from '../identity/operations/sign-up';
import { maskEmail } from '../identity/user-pool';

/** The two endpoints used before signing in: what an invitation is for, and a new confirmation code. */
export async function publicUserRoutes(app: FastifyInstance, { db, userPool }: ApiContext): Promise<void> {
  app.post<{ Body: PreAuthorizationRequest }>(
    '/preAuthorization',
    { schema: endpointSchema('preAuthorization') },
    async (request) => {
      const invitation = await db
        .selectFrom('invitations')
        .innerJoin('organisations', 'organisations.id', 'invitations.organisation_id')
        .select([
          'invitations.email',
          'invitations.expires_at',
          'invitations.accepted_at',
          'organisations.name',
        ])
        .where('invitations.token', '=', request.body.inviteToken)
        .executeTakeFirst();
      if (!invitation || invitation.accepted_at || invitation.expires_at.getTime() < Date.now())
        return { valid: false };
      // The address is shown masked: the token may have been forwarded.
      return { valid: true, email: maskEmail(invitation.email), organisationName: invitation.name };
    },
  );

  app.post<{ Body: ResendVerifiedEmailCodeRequest }>(
    '/resendverifiedEmailCode',
    { schema: endpointSchema('resendVerifiedEmailCode') },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      userPool?.limitGuesses(`resend:${email}`, request.ip);
      userPool?.recordFailedGuess(`resend:${email}`, request.ip);
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'status'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (userPool && user?.status === 'UNCONFIRMED')
        await sendConfirmationCode(userPool, user.id, user.email);
      return { ok: true as const };
    },
  );
}
