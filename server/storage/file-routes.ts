import type { FastifyInstance } from 'fastify';
import { assertKey, type ObjectStorage } from './object-storage';

/**
 * Stored images, at /files/<key>. Keys carry a random UUID, so the address
 * itself is the permission, as with a signed link; <img> cannot send a token.
 */
export async function fileRoutes(
  app: FastifyInstance,
  { storage }: { storage: ObjectStorage },
): Promise<void> {
  app.get<{ Params: { folder: string; name: string } }>('/files/:folder/:name', async (request, reply) => {
    const key = `${request.params.folder}/${request.params.name}`;
    try {
      assertKey(key);
    } catch {
      return reply.status(404).send({ message: 'No such file.' });
    }
    const body = await storage.get(key);
    if (!body) return reply.status(404).send({ message: 'No such file.' });
    return reply
      .header('content-type', key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
