import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built frontend, and index.html for any other path that is not
 * the API's, so the browser's router takes the address from there.
 */
export async function serveFrontend(app: FastifyInstance, staticDir: string): Promise<void> {
  if (!existsSync(`${staticDir}/index.html`)) {
    app.log.warn(`no built frontend in ${staticDir}; run "npm run build"`);
    return;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: ['index.html'],
    // Vite names what it emits under assets/ by content hash: a name never changes content, so the
    // browser keeps those files for good and a page load after the first fetches only index.html.
    setHeaders: (reply, path) => {
      if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', IMMUTABLE);
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const api = request.url.startsWith('/api/') || request.url.startsWith('/cognito');
    if (request.method !== 'GET' || api) {
      return reply
        .status(404)
        .send({ message: `${request.method} ${request.url.split('?')[0]} does not exist` });
    }
    return reply.sendFile('index.html');
  });
}
