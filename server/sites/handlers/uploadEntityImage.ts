import { defineHandler } from '../../http/define-handler';
import { replaceImage } from '../../storage/images';
import { findEntity, setEntityImage } from '../places';

/** An entity's picture: stored as .webp, replacing the one before. */
export default defineHandler('uploadEntityImage', async ({ context, organisationId, input, file }) => {
  const entity = await findEntity(context.db, organisationId, input.entityId);
  const key = await replaceImage(context.storage, 'ENTITY_IMAGE', file, entity.image_key);
  await setEntityImage(context.db, entity.id, key);
  return { image: key };
});
