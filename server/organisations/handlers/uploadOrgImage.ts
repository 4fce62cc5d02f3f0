import { defineHandler } from '../../http/define-handler';
import { MAX_IMAGE_BYTES, replaceImage } from '../../storage/images';
import { organisationImage, setOrganisationImage } from '../queries';

/** The organisation's logo: stored as .webp, replacing the previous one. */
export default defineHandler(
  'uploadOrgImage',
  async ({ context, organisationId, file }) => {
    const current = (await organisationImage(context.db, organisationId))?.image_key ?? null;
    const key = await replaceImage(context.storage, 'ORG_IMAGE', file, current);
    await setOrganisationImage(context.db, organisationId, key);
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
