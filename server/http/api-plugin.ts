import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { issuesFromAjv } from '../../src/engine/validation/ajv-messages';
import { CognitoError } from '../identity/cognito-error';
import { ApiError, fieldError, invalidRequest } from './api-error';

/** What people call each part of a request Fastify validates. */
const PARTS: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'address',
};

/**
 * Error answers for everything under /api: bad input becomes 400 with each
 * problem's JSON Pointer and message, ApiErrors keep their status, and
 * anything unexpected is logged and answered 500 without internals.
 */
export function installApiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply: FastifyReply) => {
    if (error.validation) {
      const issues = issuesFromAjv(error.validation as never, []).map((issue) => ({
        pointer: issue.pointer,
        message: issue.message,
      }));
      const invalid = invalidRequest(issues, PARTS[error.validationContext ?? 'body'] ?? 'request body');
      return reply.status(invalid.status).send({ message: invalid.message, issues });
    }
    if (error instanceof CognitoError && error.name === 'LimitExceededException') {
      return reply.status(429).send({ message: 'Too many attempts; please try again in a few minutes.' });
    }
    if (error instanceof ApiError) {
      return reply.status(error.status).send({
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
        ...error.details,
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
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
