import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { contracts, EndpointName, Endpoints } from '../../src/generated/api-contracts';
import type { ApiContext } from './api-context';
import type { Caller } from './authenticate';
import type { KeyHolder } from './key-holder';

type Binding<N extends EndpointName> = (typeof contracts)[N];

/** Who is calling, as the contract's `auth` promises it: checked before the body is read. */
type Identity<N extends EndpointName> = Binding<N>['auth'] extends 'member'
  ? { caller: Caller; organisationId: number }
  : Binding<N>['auth'] extends 'user'
    ? { caller: Caller }
    : Binding<N>['auth'] extends 'apiKey'
      ? { apiKey: KeyHolder }
      : unknown;

/** An upload's bytes, for contracts whose body is a file. */
type Upload<N extends EndpointName> = Binding<N>['upload'] extends true ? { file: Buffer } : unknown;

/** Everything a handler gets: the validated request (path, query and body fields together), who calls, and the app. */
export type Call<N extends EndpointName> = {
  input: Endpoints[N]['request'];
  context: ApiContext;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Aborted when the caller goes or the server closes: a stream's events end with it. */
  signal: AbortSignal;
} & Identity<N> &
  Upload<N>;

/** What a handler answers: its response, or for a stream contract the events as they come. */
export type Answer<N extends EndpointName> =
  Binding<N> extends { stream: true } ? AsyncIterable<Endpoints[N]['response']> : Endpoints[N]['response'];

export interface HandlerOptions {
  /** Runs once in the route's own plugin scope, before the route: a content-type parser of its own, say. */
  setup?: (scope: FastifyInstance, context: ApiContext) => void;
  /** The body limit in bytes, when it is only known at start-up (an environment variable). */
  bodyLimit?: () => { bytes: number; message: string };
  /** A validator of its own for the body, for a body the setup's parser has already read and checked. */
  bodyValidator?: (validate: (data: unknown) => boolean) => (data: unknown) => boolean;
}

/** One endpoint's code, bound to its contract by name. */
export interface EndpointHandler<N extends EndpointName = EndpointName> {
  name: N;
  handle: (call: Call<N>) => Promise<Answer<N>>;
  options: HandlerOptions;
}

/**
 * Binds code to the contract schemas/api/<name>.schema.json. The file that
 * calls it is server/<domain>/handlers/<name>.ts, default-exporting the
 * result; the server finds it there (see find-handlers.ts), so adding an
 * endpoint is its contract and this file.
 */
export function defineHandler<N extends EndpointName>(
  name: N,
  handle: (call: Call<N>) => Promise<Answer<N>>,
  options: HandlerOptions = {},
): EndpointHandler<N> {
  return { name, handle, options };
}
