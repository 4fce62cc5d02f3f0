import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './api-context';
import { type ErrorAnswer, installApiErrorHandler } from './api-plugin';
import type { CallerGuards } from './caller-guards';
import { loadHandlers } from './find-handlers';
import { installJsonBodyParser } from './json-body';
import { registerEndpoints } from './register-endpoints';

/** What the domains hand the API's routes, through app.ts: this layer knows none of them. */
export interface ApiRouteOptions {
  /** What every handler is handed (api-context.ts). */
  context: ApiContext;
  /** Who calls, and what their plan includes (caller-guards.ts). */
  guards: CallerGuards;
  /** The domains' own errors in the API's words. */
  errorAnswers: ErrorAnswer[];
}

/**
 * Every product endpoint, under /api/: one handler per contract in
 * schemas/api/, found by name, each refusing in the one error shape.
 */
export async function apiRoutes(
  app: FastifyInstance,
  { context, guards, errorAnswers }: ApiRouteOptions,
): Promise<void> {
  installApiErrorHandler(app, errorAnswers);
  installJsonBodyParser(app);
  await registerEndpoints(app, await loadHandlers(), { context, guards });
}
