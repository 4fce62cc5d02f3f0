import { fieldError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { ownedOrNotFound } from '../../organisations/owned';
import { removeMember } from '../queries';

/** Takes a member out of the caller's organisation; never the caller. */
export default defineHandler('removeUser', async ({ context, caller, organisationId, input }) => {
  if (input.userId === caller.userId) {
    throw fieldError('/userId', 'You cannot remove yourself; ask another member to do it.');
  }
  ownedOrNotFound(await removeMember(context.db, organisationId, input.userId), `member ${input.userId}`);
  // The removed member's very next request must not reach the organisation.
  context.callers.forgetUser(input.userId);
  return { ok: true as const };
});
