import type { FastifyInstance } from 'fastify';
import { billingRoutes } from '../billing/routes';
import { organisationRoutes } from '../organisations/routes';
import type { ApiContext } from './api-context';
import { installApiErrorHandler } from './api-plugin';
import type { Authenticator } from './authenticate';

/** Every product endpoint, under /api/, each behind the caller check. */
export async function apiRoutes(
  app: FastifyInstance,
  { context, authenticate }: { context: ApiContext; authenticate: Authenticator },
): Promise<void> {
  installApiErrorHandler(app);
  app.decorateRequest('caller');
  app.addHook('preHandler', async (request) => {
    request.caller = await authenticate(request);
  });
  for (const domain of [organisationRoutes, billingRoutes]) {
    await app.register(domain, context);
  }
}
