import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../membership';
import { organisationImage } from '../queries';

/** The organisation's image and name, and whether it is the demo, as a list of one row (spec §7). */
export default defineHandler('getOrgImage', async ({ context, caller, input }) => {
  // Naming an organisation that is not the caller's is refused (403).
  requireMember(caller, input.org_id);
  const found = await organisationImage(context.db, input.org_id);
  return [
    {
      org_id: input.org_id,
      image: found?.image_key ?? null,
      name: found?.name ?? '',
      demo: found?.demo ?? false,
    },
  ];
});
