import type { FastifyInstance } from 'fastify';
import { assertKey, type ObjectStorage } from './object-storage';

/** What a browser should make of a stored file, by its extension; anything else is only downloaded. */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

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
    // Reports are the organisation's: only getPdf's short-lived links hand them out (reports/pdf-links.ts).
    if (key.startsWith('REPORTS/')) return reply.status(404).send({ message: 'No such file.' });
    const body = await storage.get(key);
    if (!body) return reply.status(404).send({ message: 'No such file.' });
    if (key.startsWith('EXPORTS/'))
      reply.header('content-disposition', `attachment; filename="${request.params.name}"`);
    return reply
      .header(
        'content-type',
        CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      )
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
