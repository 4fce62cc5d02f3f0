import type { FastifyInstance } from 'fastify';
import { billingRoutes } from '../billing/routes';
import { billingWebhookRoutes } from '../billing/webhook-route';
import { appConfigRoutes } from '../identity/app-config-route';
import { organisationImageRoutes } from '../organisations/image-routes';
import { organisationRoutes } from '../organisations/routes';
import { profileRoutes } from '../profiles/routes';
import { settingsRoutes } from '../settings/routes';
import { MAX_IMAGE_BYTES } from '../storage/images';
import { publicUserRoutes } from '../users/public-routes';
import { userRoutes } from '../users/routes';
import type { ApiContext } from './api-context';
import { installApiErrorHandler } from './api-plugin';
import type { Authenticator } from './authenticate';

/** Endpoints that answer before sign-in: the app's public config, invitations, confirmation codes, Stripe's signed webhook. */
const PUBLIC_DOMAINS = [appConfigRoutes, publicUserRoutes, billingWebhookRoutes];
/** Everything else checks who is calling first. */
const SIGNED_IN_DOMAINS = [
  organisationRoutes,
  organisationImageRoutes,
  billingRoutes,
  userRoutes,
  profileRoutes,
  settingsRoutes,
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
  await app.register(async (signedIn) => {
    signedIn.decorateRequest('caller');
    signedIn.addHook('preHandler', async (request) => {
      request.caller = await authenticate(request);
    });
    for (const domain of SIGNED_IN_DOMAINS) await signedIn.register(domain, context);
  });
}
