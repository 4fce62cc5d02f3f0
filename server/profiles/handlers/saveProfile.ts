import type { Database } from '../../db/database';
import { fieldError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { requireSelf } from '../own-profile';
import { normalisePhone } from '../phone';
import { profileImageKey, saveProfile } from '../queries';
import { checkTimeZone } from '../time-zone';

/** Saves the caller's profile (spec §3); also at POST /api/updateUserProfile. */
export default defineHandler('saveProfile', async ({ context, caller, input }) => {
  requireSelf(caller, input.user_id);
  const fields = {
    display_name: input.display_name?.trim() || null,
    phone_number: normalisePhone(input.phone_number),
    time_zone: checkTimeZone(input.time_zone),
  };
  const image =
    input.user_image === undefined
      ? {}
      : { image_key: await ownImage(context.db, caller.userId, input.user_image) };
  await saveProfile(context.db, caller.userId, { ...fields, ...image });
  return { ok: true as const };
});

/** A profile may point only at its own current image or none: another user's key is not taken. */
async function ownImage(db: Database, userId: string, key: string | null): Promise<string | null> {
  if (key === null) return null;
  if ((await profileImageKey(db, userId)) !== key) {
    throw fieldError('/user_image', 'Upload the picture with uploadUserLogo first.');
  }
  return key;
}
