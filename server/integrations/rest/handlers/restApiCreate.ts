import { fieldError } from '../../../http/api-error';
import { defineHandler } from '../../../http/define-handler';
import { createApiKey } from '../api-keys';

/** A new API key; the answer is the only time its secret is shown. */
export default defineHandler('restApiCreate', async ({ context, organisationId, caller, input }) => {
  const name = input.name.trim();
  if (name === '')
    throw fieldError('/name', 'Give the key a name, such as the gateway or script that will use it.');
  return createApiKey(context.db, { organisationId, createdBy: caller.userId, name });
});
