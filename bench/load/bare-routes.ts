import Fastify, { type FastifyInstance } from 'fastify';
import getDataPoint from '../../server/datapoints/handlers/getDataPoint.ts';
import type { Database } from '../../server/db/database.ts';
import type { ApiContext } from '../../server/http/api-context.ts';
import type { Call } from '../../server/http/define-handler.ts';
import sites from '../../server/sites/handlers/sites.ts';

/** Where the bare server answers what POST /api/<endpoint> answers. */
export const BARE_PATHS = { getDataPoint: '/bare/getDataPoint', sites: '/bare/sites' } as const;

export type LoadedEndpoint = keyof typeof BARE_PATHS;

/**
 * The reference: each endpoint's own handler code, called for the demo
 * organisation with an empty request and its answer sent as plain JSON, with
 * no token check, caller lookup, validation, organisation check or response
 * schema. Calling the handlers themselves keeps the two sides doing the same
 * work as the handlers change; they read only `context.db`, which is all the
 * context given here (a handler that reads more fails the answers' check).
 */
export function bareRoutes(db: Database, organisationId: number): FastifyInstance {
  const bare = Fastify();
  const context = { db } as ApiContext;
  bare.post(BARE_PATHS.getDataPoint, () =>
    getDataPoint.handle({ context, organisationId, input: {} } as Call<'getDataPoint'>),
  );
  bare.post(BARE_PATHS.sites, () => sites.handle({ context, organisationId, input: {} } as Call<'sites'>));
  return bare;
}
