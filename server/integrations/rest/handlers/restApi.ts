import { defineHandler } from '../../../http/define-handler';
import { listApiKeys } from '../api-keys';

/** The organisation's API keys for pushing readings. */
export default defineHandler('restApi', async ({ context, organisationId }) => ({
  keys: await listApiKeys(context.db, organisationId),
}));
