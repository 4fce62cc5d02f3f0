import { defineHandler } from '../../http/define-handler';
import { replaceImage } from '../../storage/images';
import { profileImageKey, setProfileImage } from '../queries';

/** The caller's profile photo: stored as .webp, replacing the one before; saved on the profile with PUT /api/profile. */
export default defineHandler('uploadUserLogo', async ({ context, caller, file }) => {
  const current = await profileImageKey(context.db, caller.userId);
  const key = await replaceImage(context.storage, 'PROFILE', file, current);
  await setProfileImage(context.db, caller.userId, key);
  return { image: key };
});
