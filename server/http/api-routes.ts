import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './api-context';
import { installApiErrorHandler } from './api-plugin';
import type { Authenticator } from './authenticate';
import { loadHandlers } from './find-handlers';
import { installJsonBodyParser } from './json-body';
import { registerEndpoints } from './register-endpoints';

/**
 * Every product endpoint, under /api/: one handler per contract in
 * schemas/api/, found by name, each refusing in the one error shape.
 */
export async function apiRoutes(
  app: FastifyInstance,
  { context, authenticate }: { context: ApiContext; authenticate: Authenticator },
): Promise<void> {
  installApiErrorHandler(app);
  installJsonBodyParser(app);
  await registerEndpoints(app, await loadHandlers(), { context, authenticate });
}
