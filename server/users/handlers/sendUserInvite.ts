import { ApiError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { createInvitation, INVITATION_DAYS, newInvitationToken, organisationName } from '../invitations';
import { isMemberByEmail } from '../queries';

/** Invites someone by e-mail to the caller's organisation; the mail's link leads to /auth/register/{token}. */
export default defineHandler('sendUserInvite', async ({ context, caller, organisationId, input }) => {
  const { db, mailer, publicUrl } = context;
  const email = input.email.trim().toLowerCase();
  if (await isMemberByEmail(db, organisationId, email)) {
    throw new ApiError(409, `${email} is already a member of this organisation.`);
  }
  const token = newInvitationToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const organisation = await organisationName(db, organisationId);
  await createInvitation(db, { token, organisationId, email, invitedBy: caller.userId, expiresAt });
  await mailer.send({
    to: email,
    subject: `You are invited to ${organisation} on Insights`,
    text: `${caller.name || caller.email} invites you to join ${organisation} on Insights.\n\nSign up with this link within ${INVITATION_DAYS} days:\n${publicUrl}/auth/register/${token}\n`,
  });
  return { email, expiresAt: expiresAt.toISOString() };
});
