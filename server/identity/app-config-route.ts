import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../http/api-context';
import { endpointSchema } from '../http/api-schema';

/** GET /api/appConfig: how the browser reaches the user pool. Public, and free of secrets. */
export async function appConfigRoutes(
  app: FastifyInstance,
  { browserAuth, billing }: ApiContext,
): Promise<void> {
  const { response, description } = endpointSchema('appConfig');
  app.get('/appConfig', { schema: { response, description } }, async () => ({
    auth: browserAuth,
    billingProvider: billing.name,
  }));
}
