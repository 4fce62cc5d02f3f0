import type { FastifyInstance } from 'fastify';
import { childPointer, type LayoutIssue } from '../../src/engine/validation/issue';
import { invalidBody } from './api-error';

/** Deeper than any request of ours needs; a 5,000-deep document is an attack, not data. */
export const MAX_JSON_DEPTH = 64;

/**
 * The API's JSON parser: Fastify's own (which refuses __proto__ and
 * constructor.prototype keys), then a check that the document is not nested
 * deeper than MAX_JSON_DEPTH and carries no NUL character, which PostgreSQL
 * cannot store in text. Both answer 400 with the pointer of the first offender.
 */
export function installJsonBodyParser(scope: FastifyInstance): void {
  const parseJson = guardedJsonParser(scope);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body as string, done),
  );
}

type JsonParser = ReturnType<FastifyInstance['getDefaultJsonParser']>;

/** Fastify's JSON parser followed by jsonProblem's check: what every JSON body of the API goes through. */
export function guardedJsonParser(scope: FastifyInstance): JsonParser {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  return (request, body, done) =>
    parseJson(request, body, (error, value) => {
      if (error) return done(error, undefined);
      const problem = jsonProblem(value);
      if (problem) return done(invalidBody([problem]), undefined);
      done(null, value);
    });
}

/** The first place where a parsed document is too deep or holds a NUL character, if any. */
export function jsonProblem(document: unknown): LayoutIssue | undefined {
  const pending: { value: unknown; pointer: string; depth: number }[] = [
    { value: document, pointer: '', depth: 0 },
  ];
  while (pending.length > 0) {
    const { value, pointer, depth } = pending.pop() as (typeof pending)[number];
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        return { pointer, message: 'must not contain the NUL character (\\u0000)' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      return {
        pointer,
        message: `is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays)`,
      };
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000'))
        return { pointer, message: 'has a field name with the NUL character (\\u0000)' };
      pending.push({ value: child, pointer: childPointer(pointer, key), depth: depth + 1 });
    }
  }
  return undefined;
}
