import { defineHandler } from '../../http/define-handler';
import { MAX_IMAGE_BYTES, replaceImage } from '../../storage/images';
import { profileImageKey, setProfileImage } from '../queries';

/** The caller's profile photo: stored as .webp, replacing the one before; saved on the profile with PUT /api/profile. */
export default defineHandler(
  'uploadUserLogo',
  async ({ context, caller, file }) => {
    const current = await profileImageKey(context.db, caller.userId);
    const key = await replaceImage(context.storage, 'PROFILE', file, current);
    await setProfileImage(context.db, caller.userId, key);
    return { image: key };
  },
  // The sentence image uploads have always answered with (the contract's default would name "the file").
  {
    bodyLimit: () => ({
      bytes: MAX_IMAGE_BYTES,
      message: 'The upload is larger than 5 MB; choose a smaller file.',
    }),
  },
);
