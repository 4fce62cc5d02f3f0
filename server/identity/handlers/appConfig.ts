import { defineHandler } from '../../http/define-handler';

/** GET /api/appConfig: how the browser reaches the user pool. Public, and free of secrets. */
export default defineHandler('appConfig', async ({ context }) => ({
  auth: context.browserAuth,
  billingProvider: context.billing.name,
}));
