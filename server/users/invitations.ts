import { randomBytes } from 'node:crypto';

/** An invitation link works for a week. */
export const INVITATION_DAYS = 7;

export const newInvitationToken = () => randomBytes(24).toString('base64url');
