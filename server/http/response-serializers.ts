import fastJsonStringify from 'fast-json-stringify';

type Serialize = (answer: unknown) => string;

const compiled = new WeakMap<object, Serialize>();

/**
 * Fastify's serializer compiler for the API: fast-json-stringify, as Fastify's
 * own default, but each response schema compiled once per process, whichever
 * app, route or status asks. Every route answers its errors through the one
 * error schema, and a GET route's HEAD twin compiles its schemas again: per
 * app that was hundreds of compilations of the same few schemas, and the
 * server tests build an app per file and engine.
 */
export function compileResponseSerializer({ schema }: { schema: unknown }): Serialize {
  const key = schema as object;
  const known = compiled.get(key);
  if (known) return known;
  const serialize = fastJsonStringify(key) as Serialize;
  compiled.set(key, serialize);
  return serialize;
}
