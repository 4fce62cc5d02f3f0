import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../../organisations/membership';
import { membersOf, openInvitationsOf } from '../queries';

/** The members of the caller's organisation and its invitations nobody accepted (open, or expired lately). */
export default defineHandler('getUsers', async ({ context, caller, organisationId, input }) => {
  // Naming an organisation is optional; one that is not the caller's is refused (403).
  if (input.orgId !== undefined) requireMember(caller, input.orgId);
  const [users, invitations] = await Promise.all([
    membersOf(context.db, organisationId),
    openInvitationsOf(context.db, organisationId),
  ]);
  return {
    users: users.map((user) => ({ ...user, isYou: user.id === caller.userId })),
    invitations: invitations.map((invitation) => ({
      email: invitation.email,
      role: invitation.role,
      createdAt: invitation.created_at.toISOString(),
      expiresAt: invitation.expires_at.toISOString(),
    })),
  };
});
