import { defineHandler } from '../../../http/define-handler';
import { revokeApiKey } from '../api-keys';

/** Revokes one of the organisation's API keys at once. */
export default defineHandler('restApiRevoke', async ({ context, organisationId, input }) =>
  revokeApiKey(context.db, organisationId, input.id),
);
