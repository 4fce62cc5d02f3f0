import { invalidBody } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../membership';
import { renameOrganisation } from '../queries';

/** Gives the caller's organisation another name, trimmed; a blank one is refused. */
export default defineHandler('renameOrganisation', async ({ context, caller, input }) => {
  // Naming an organisation that is not the caller's is refused (403), as for its image.
  requireMember(caller, input.org_id);
  const name = input.name.trim();
  if (name === '') throw invalidBody([{ pointer: '/name', message: 'must not be blank' }]);
  await renameOrganisation(context.db, input.org_id, name);
  return { org_id: input.org_id, name };
});
