import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../../organisations/membership';
import { membersOf, openInvitationsOf } from '../queries';

/** The members of the caller's organisation and the invitations still open. */
export default defineHandler('getUsers', async ({ context, caller, organisationId, input }) => {
  // Naming an organisation is optional; one that is not the caller's is refused (403).
  if (input.orgId !== undefined) requireMember(caller, input.orgId);
  const [users, invitations] = await Promise.all([
    membersOf(context.db, organisationId),
    openInvitationsOf(context.db, organisationId),
  ]);
  return {
    users: users.map((user) => ({ ...user, role: 'admin' as const, isYou: user.id === caller.userId })),
    invitations: invitations.map((invitation) => ({
      email: invitation.email,
      createdAt: invitation.created_at.toISOString(),
      expiresAt: invitation.expires_at.toISOString(),
    })),
  };
});
