import type { FastifyInstance } from 'fastify';
import { contractNamed, documentedStatuses } from './contracts';

/**
 * Watches every answer of the app's contract routes and keeps those with a
 * status their contract does not name: a client written from the contract
 * (ours, or anyone's from the OpenAPI document) would not expect them.
 */
export function watchUndocumentedStatuses(app: FastifyInstance): string[] {
  const found: string[] = [];
  app.addHook('onResponse', async (request, reply) => {
    const name = request.routeOptions.config?.contract;
    if (!name) return;
    const status = String(reply.statusCode);
    if (documentedStatuses(contractNamed(name).endpoint).includes(status)) return;
    found.push(
      `${request.method} ${request.url.split('?')[0]} answered ${status}, which schemas/api/${name}.schema.json does not name (x-endpoint.refuses)`,
    );
  });
  return found;
}

/** Fails with every undocumented answer seen, once the tests that made them are done. */
export function expectOnlyDocumentedStatuses(found: readonly string[]): void {
  if (found.length === 0) return;
  throw new Error(`answers their contract does not name:\n${[...new Set(found)].join('\n')}`);
}
