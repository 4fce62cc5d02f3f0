import { defineHandler } from '../../http/define-handler';
import { maskEmail } from '../../identity/user-pool';
import { invitationWithOrganisation, isUsable } from '../invitations';

/** Before signing up with an invitation link: what the invitation is for. Needs no sign-in. */
export default defineHandler('preAuthorization', async ({ context, input }) => {
  const invitation = await invitationWithOrganisation(context.db, input.inviteToken);
  if (!invitation || !isUsable(invitation)) return { valid: false };
  // The address is shown masked: the token may have been forwarded.
  return { valid: true, email: maskEmail(invitation.email), organisationName: invitation.name };
});
