import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from './api-error';

/** How long one path parameter may be before the router refuses the address (Fastify's own default). */
export const MAX_PARAM_LENGTH = 100;

/**
 * Errors the router raises before any route or error handler runs (a
 * malformed address, a path parameter too long), answered in the API's one
 * error shape instead of Fastify's.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply
      .status(414)
      .send({ message: `A value in the address is longer than ${MAX_PARAM_LENGTH} characters.` });
    return;
  }
  // Which part is broken is not known before routing: the pointer is the whole request's.
  const invalid = fieldError('', 'The address is not valid: check how its parts are encoded.');
  reply.status(invalid.status).send({ message: invalid.message, issues: invalid.issues });
}
