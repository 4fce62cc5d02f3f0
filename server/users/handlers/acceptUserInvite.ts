import { ApiError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { acceptInvitation } from '../invitations';

/** The signed-in invitee joins the organisation of the invitation (spec §7); also at POST /api/accept-invite. */
export default defineHandler('acceptUserInvite', async ({ context, caller, input }) => {
  if (input.userId !== caller.userId) {
    throw new ApiError(403, 'An invitation can only be accepted by the person signed in.');
  }
  const joined = await acceptInvitation(context.db, caller, input.inviteToken);
  // After the commit: a request racing the transaction must not cache the caller without the organisation.
  context.callers.forgetUser(caller.userId);
  return joined;
});
