import { defineHandler } from '../../http/define-handler';
import { listTariffs } from '../tariffs';

/** The organisation's tariffs, for everyone in it: what things cost is no secret inside the organisation. */
export default defineHandler('getUserTariffs', async ({ context, organisationId }) => ({
  tariffs: await listTariffs(context.db, organisationId),
}));
