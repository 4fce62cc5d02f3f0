import { defineHandler } from '../../http/define-handler';
import { changeRole } from '../member-roles';

/** Gives a member of the caller's organisation another role, by the rules in member-roles.ts. */
export default defineHandler('updateUserRole', async ({ context, caller, organisationId, input }) => {
  await changeRole(context.db, caller, organisationId, input.userId, input.role);
  // The member's very next request must be judged by the new role, not a cached one.
  context.callers.forgetUser(input.userId);
  return { userId: input.userId, role: input.role };
});
