import { defineHandler } from '../../http/define-handler';

/** GET /api/appConfig: how the browser reaches the user pool, and whether addresses can be looked up. Public, and free of secrets. */
export default defineHandler('appConfig', async ({ context }) => ({
  auth: context.browserAuth,
  billingProvider: context.billing.name,
  geocoder: context.geocoder !== undefined,
}));
