import { defineHandler } from '../../http/define-handler';
import { replaceImage } from '../../storage/images';
import { organisationImage, setOrganisationImage } from '../queries';

/** The organisation's logo: stored as .webp, replacing the previous one. */
export default defineHandler('uploadOrgImage', async ({ context, organisationId, file }) => {
  const current = (await organisationImage(context.db, organisationId))?.image_key ?? null;
  const key = await replaceImage(context.storage, 'ORG_IMAGE', file, current);
  await setOrganisationImage(context.db, organisationId, key);
  return { image: key };
});
