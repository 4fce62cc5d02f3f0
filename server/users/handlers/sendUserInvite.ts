import { ApiError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { quotedInMail } from '../../mail/mail-text';
import {
  createInvitation,
  INVITATION_DAYS,
  INVITATIONS_PER_ORGANISATION,
  invitationsSentRecently,
  newInvitationToken,
  organisationName,
} from '../invitations';
import { requireMayGrant } from '../member-roles';
import { isMemberByEmail } from '../queries';

/** How much of an inviter's or organisation's name an invitation quotes. */
const NAME_IN_MAIL = 80;

/**
 * Invites someone by e-mail to the caller's organisation; the mail's link
 * leads to /auth/register/{token}. The mail names the organisation and the
 * inviting address, and quotes names only as one short line, so it cannot be
 * made into a message of someone else's.
 */
export default defineHandler('sendUserInvite', async ({ context, caller, organisationId, input }) => {
  const { db, mailer, publicUrl } = context;
  const email = input.email.trim().toLowerCase();
  const role = input.role ?? 'viewer';
  requireMayGrant(caller, role, '/role');
  if (await isMemberByEmail(db, organisationId, email)) {
    throw new ApiError(409, `${email} is already a member of this organisation.`);
  }
  if ((await invitationsSentRecently(db, organisationId)) >= INVITATIONS_PER_ORGANISATION) {
    throw new ApiError(
      429,
      `This organisation has sent ${INVITATIONS_PER_ORGANISATION} invitations within the hour; try again later.`,
    );
  }
  if (!(await mailer.hasRoomFor(email))) {
    throw new ApiError(
      429,
      `${email} has had several messages from Insights within the hour; try again later.`,
    );
  }
  const token = newInvitationToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const organisation = quotedInMail(await organisationName(db, organisationId), NAME_IN_MAIL);
  const inviter = caller.name ? `${quotedInMail(caller.name, NAME_IN_MAIL)} (${caller.email})` : caller.email;
  await createInvitation(db, { token, organisationId, email, invitedBy: caller.userId, role, expiresAt });
  await mailer.send({
    to: email,
    subject: `You are invited to ${organisation} on Insights`,
    text: `${inviter} invites you to join the organisation ${organisation} on Insights as ${role === 'owner' || role === 'admin' || role === 'editor' ? 'an' : 'a'} ${role}.\n\nSign up with this link within ${INVITATION_DAYS} days:\n${publicUrl}/auth/register/${token}\n\nIf you do not know ${caller.email}, ignore this message.\n`,
  });
  return { email, expiresAt: expiresAt.toISOString() };
});
