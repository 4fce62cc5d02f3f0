import type { FastifyInstance } from 'fastify';
import { eventRoutes } from '../annotations/event-routes';
import { labelRoutes } from '../annotations/label-routes';
import { billingRoutes } from '../billing/routes';
import { billingWebhookRoutes } from '../billing/webhook-route';
import { bookmarkRoutes } from '../bookmarks/routes';
import { dataPointRoutes } from '../datapoints/routes';
import { explorerRoutes } from '../explorer/routes';
import { virtualPointRoutes } from '../explorer/virtual/routes';
import { savedExplorerRoutes } from '../explorers/routes';
import { appConfigRoutes } from '../identity/app-config-route';
import { importRoutes } from '../imports/routes';
import { lorawanRoutes } from '../integrations/lorawan/device-routes';
import { authenticateApiKey } from '../integrations/rest/authenticate-key';
import { apiKeyRoutes } from '../integrations/rest/key-routes';
import { restPushRoutes } from '../integrations/rest/push-route';
import { organisationImageRoutes } from '../organisations/image-routes';
import { organisationRoutes } from '../organisations/routes';
import { profileRoutes } from '../profiles/routes';
import { settingsRoutes } from '../settings/routes';
import { siteRoutes } from '../sites/routes';
import { MAX_IMAGE_BYTES } from '../storage/images';
import { publicUserRoutes } from '../users/public-routes';
import { userRoutes } from '../users/routes';
import type { ApiContext } from './api-context';
import { installApiErrorHandler } from './api-plugin';
import type { Authenticator } from './authenticate';

/** Endpoints that answer before sign-in: the app's public config, invitations, confirmation codes, Stripe's signed webhook. */
const PUBLIC_DOMAINS = [appConfigRoutes, publicUserRoutes, billingWebhookRoutes];
/** Machines pushing data: they present an organisation's API key, never a user's session. */
const API_KEY_DOMAINS = [restPushRoutes];
/** Everything else checks who is calling first. */
const SIGNED_IN_DOMAINS = [
  organisationRoutes,
  organisationImageRoutes,
  billingRoutes,
  userRoutes,
  profileRoutes,
  settingsRoutes,
  siteRoutes,
  importRoutes,
  dataPointRoutes,
  apiKeyRoutes,
  lorawanRoutes,
  savedExplorerRoutes,
  labelRoutes,
  eventRoutes,
  bookmarkRoutes,
  explorerRoutes,
  virtualPointRoutes,
];

/** Every product endpoint, under /api/. */
export async function apiRoutes(
  app: FastifyInstance,
  { context, authenticate }: { context: ApiContext; authenticate: Authenticator },
): Promise<void> {
  installApiErrorHandler(app);
  // Uploads send the image itself as the body.
  app.addContentTypeParser(
    /^image\//,
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
    (_request, body, done) => done(null, body),
  );
  for (const domain of PUBLIC_DOMAINS) await app.register(domain, context);
  await app.register(async (byKey) => {
    byKey.decorateRequest('apiKey');
    // On request, not before the handler: a caller without a valid key is refused before its body is read.
    byKey.addHook('onRequest', async (request) => {
      request.apiKey = await authenticateApiKey(context.db, request);
    });
    for (const domain of API_KEY_DOMAINS) await byKey.register(domain, context);
  });
  await app.register(async (signedIn) => {
    signedIn.decorateRequest('caller');
    signedIn.addHook('preHandler', async (request) => {
      request.caller = await authenticate(request);
    });
    for (const domain of SIGNED_IN_DOMAINS) await signedIn.register(domain, context);
  });
}
