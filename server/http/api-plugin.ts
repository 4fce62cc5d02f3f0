import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { issuesFromAjv } from '../../src/engine/validation/ajv-messages';
import { CognitoError } from '../identity/cognito-error';
import { ApiError, invalidBody } from './api-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What to tell someone whose upload is over this route's limit. */
    tooLarge?: string;
  }
}

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
      const invalid = invalidBody(issues);
      return reply.status(400).send({ message: invalid.message, issues });
    }
    if (error instanceof CognitoError && error.name === 'LimitExceededException') {
      return reply.status(429).send({ message: 'Too many attempts; please try again in a few minutes.' });
    }
    if (error instanceof ApiError) {
      return reply
        .status(error.status)
        .send({ message: error.message, ...(error.issues ? { issues: error.issues } : {}) });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // A route with its own limit says so in its config; images are the default.
      const { tooLarge } = request.routeOptions.config;
      return reply
        .status(413)
        .send({ message: tooLarge ?? 'The upload is larger than 5 MB; choose a smaller file.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        message: `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted here.`,
      });
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
