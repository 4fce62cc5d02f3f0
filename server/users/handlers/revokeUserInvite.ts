import { ApiError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { revokeOpenInvitations } from '../invitations';

/**
 * Revokes the caller's organisation's invitations to an address that nobody
 * accepted: the links say they are not valid any more. Another organisation's
 * invitations are out of reach, as its addresses are not looked up.
 */
export default defineHandler('revokeUserInvite', async ({ context, organisationId, input }) => {
  const email = input.email.trim().toLowerCase();
  const revoked = await revokeOpenInvitations(context.db, organisationId, email);
  if (revoked === 0) {
    throw new ApiError(404, `There is no open invitation to ${email} in your organisation.`);
  }
  return { email, revoked };
});
