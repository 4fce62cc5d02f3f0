import type { FastifyRequest } from 'fastify';
import type { Caller } from './caller';

export type { Caller } from './caller';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

/**
 * The signed-in user behind a request, read from its Authorization header,
 * or 401. server/identity makes the one the app uses (it knows the tokens and
 * the user pool); this layer only calls it.
 */
export type Authenticator = (request: FastifyRequest) => Promise<Caller>;
