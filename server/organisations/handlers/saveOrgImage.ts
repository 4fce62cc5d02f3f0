import { fieldError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../membership';
import { organisationImage, setOrganisationImage } from '../queries';

/** Sets the organisation's image to the one just uploaded, or clears it (spec §3). */
export default defineHandler('saveOrgImage', async ({ context, caller, input }) => {
  const { org_id: organisationId, user_image: key } = input;
  // Naming an organisation that is not the caller's is refused (403).
  requireMember(caller, organisationId);
  const current = (await organisationImage(context.db, organisationId))?.image_key ?? null;
  if (key !== null && key !== current)
    throw fieldError('/user_image', 'Upload the image with uploadOrgImage first.');
  if (key === null && current) await context.storage.delete(current);
  await setOrganisationImage(context.db, organisationId, key);
  return { ok: true as const };
});
