import { fieldError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { removeMemberByRules } from '../member-roles';

/** Takes a member out of the caller's organisation; never the caller, an owner only by an owner, never the last owner. */
export default defineHandler('removeUser', async ({ context, caller, organisationId, input }) => {
  if (input.userId === caller.userId) {
    throw fieldError('/userId', 'You cannot remove yourself; ask another member to do it.');
  }
  await removeMemberByRules(context.db, caller, organisationId, input.userId);
  // The removed member's very next request must not reach the organisation.
  context.callers.forgetUser(input.userId);
  return { ok: true as const };
});
