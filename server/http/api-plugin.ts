import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { issuesFromAjv } from '../../src/engine/validation/ajv-messages';
import { isRolledBackToTryAgain } from '../db/retried-transaction';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ApiError, fieldError, invalidRequest } from './api-error';

/**
 * Turns an error of a domain's own kind into the API's answer (the user
 * pool's attempt limit into 429), or leaves it (undefined). Domains hand
 * theirs to app.ts, so this layer need not know their error classes.
 */
export type ErrorAnswer = (error: Error) => ApiError | undefined;

/** A restart or failover of PostgreSQL takes seconds: the client tries again after this. */
const DATABASE_RETRY_SECONDS = 5;
const DATABASE_AWAY =
  'The database is unavailable for a moment, so nothing was changed. Please try again in a few seconds.';

/** A transaction PostgreSQL ended to let another through, where nobody ran it again (retried-transaction.ts). */
const CROSSED_CHANGE =
  'Another change to the same data was being saved at the same moment, so nothing was changed. Please try again.';
const CROSSED_CHANGE_RETRY_SECONDS = 1;

/** What people call each part of a request Fastify validates. */
const PARTS: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'address',
};

/**
 * Error answers for everything under /api: bad input becomes 400 with each
 * problem's JSON Pointer and message, ApiErrors keep their status (and a
 * domain's own errors take the status its answer gives), and anything unexpected is logged and answered 500 without internals.
 */
export function installApiErrorHandler(app: FastifyInstance, errorAnswers: readonly ErrorAnswer[]): void {
  app.setErrorHandler((error: FastifyError, request, reply: FastifyReply) => {
    if (error.validation) {
      const issues = issuesFromAjv(error.validation as never, []).map((issue) => ({
        pointer: issue.pointer,
        message: issue.message,
      }));
      const invalid = invalidRequest(issues, PARTS[error.validationContext ?? 'body'] ?? 'request body');
      return reply.status(invalid.status).send({ message: invalid.message, issues });
    }
    const answered = error instanceof ApiError ? error : domainAnswer(error, errorAnswers);
    if (answered) {
      return reply.status(answered.status).send({
        message: answered.message,
        ...(answered.issues ? { issues: answered.issues } : {}),
        ...answered.details,
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Every endpoint's config names its own limit (register-endpoints.ts).
      const { tooLarge } = request.routeOptions.config;
      return reply
        .status(413)
        .send({ message: tooLarge ?? 'The request body is larger than this endpoint accepts.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        message: `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted here.`,
      });
    }
    if (error.statusCode === 400) {
      // What is left at 400 is the body refused whole (not JSON, empty, a __proto__ key): the
      // empty pointer names the whole request, as the error shape says.
      const refused = fieldError('', error.message);
      return reply.status(refused.status).send({ message: refused.message, issues: refused.issues });
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(`request refused while the database is away: ${error.message}`);
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_SECONDS))
        .send({ message: DATABASE_AWAY });
    }
    if (isRolledBackToTryAgain(error)) {
      request.log.warn(`request rolled back by the database to let another through: ${error.message}`);
      return reply
        .status(503)
        .header('retry-after', String(CROSSED_CHANGE_RETRY_SECONDS))
        .send({ message: CROSSED_CHANGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/** The first domain's answer to the error, if any domain has one. */
function domainAnswer(error: Error, errorAnswers: readonly ErrorAnswer[]): ApiError | undefined {
  for (const answer of errorAnswers) {
    const answered = answer(error);
    if (answered) return answered;
  }
  return undefined;
}
