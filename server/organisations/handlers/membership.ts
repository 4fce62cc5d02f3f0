import { defineHandler } from '../../http/define-handler';
import { organisationImage } from '../queries';

/** The caller's organisation and role, as the server judges them on every request. */
export default defineHandler('membership', async ({ context, caller, organisationId }) => ({
  organisationId,
  // The member check has just read the caller's organisation, so it exists.
  organisationName: (await organisationImage(context.db, organisationId))?.name ?? '',
  role: caller.role,
}));
