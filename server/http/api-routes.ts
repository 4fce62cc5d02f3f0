import type { FastifyInstance } from 'fastify';
import { MAX_IMAGE_BYTES } from '../storage/images';
import type { ApiContext } from './api-context';
import { installApiErrorHandler } from './api-plugin';
import type { Authenticator } from './authenticate';
import { loadHandlers } from './find-handlers';
import { installJsonBodyParser } from './json-body';
import { registerEndpoints } from './register-endpoints';

/** Every product endpoint, under /api/. */
export async function apiRoutes(
  app: FastifyInstance,
  { context, authenticate }: { context: ApiContext; authenticate: Authenticator },
): Promise<void> {
  installApiErrorHandler(app);
  installJsonBodyParser(app);
  await registerEndpoints(app, await loadHandlers(), { context, authenticate });
  // Uploads send the image itself as the body.
  app.addContentTypeParser(
    /^image\//,
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
    (_request, body, done) => done(null, body),
  );
}
