import type { FastifyInstance } from 'fastify';
import { childPointer, type LayoutIssue } from '../../src/engine/validation/issue';
import { invalidBody } from './api-error';

/** Deeper than any request of ours needs; a 5,000-deep document is an attack, not data. */
export const MAX_JSON_DEPTH = 64;

/**
 * The API's JSON parser: Fastify's own (which refuses __proto__ and
 * constructor.prototype keys), then a check that the document is not nested
 * deeper than MAX_JSON_DEPTH, carries no NUL character, which PostgreSQL
 * cannot store in text, and no character that hides what text says
 * (HIDDEN_CHARACTERS). Each answers 400 with the pointer of the first offender.
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

/**
 * Invisible characters that make text read otherwise than it is stored, by
 * name: the bidirectional embeddings, overrides and isolates ("Invoice
 * \u202Egnp.exe" reads "Invoice exe.png") and the zero-width spaces, which
 * make two names that look the same differ ("Main meter" and "Main\u200Bmeter").
 * The joiners and direction marks that scripts and emoji need are not among
 * them (U+200C, U+200D, U+200E, U+200F).
 */
const HIDDEN_CHARACTERS: Record<string, string> = {
  '\u200B': 'ZERO WIDTH SPACE',
  '\u202A': 'LEFT-TO-RIGHT EMBEDDING',
  '\u202B': 'RIGHT-TO-LEFT EMBEDDING',
  '\u202C': 'POP DIRECTIONAL FORMATTING',
  '\u202D': 'LEFT-TO-RIGHT OVERRIDE',
  '\u202E': 'RIGHT-TO-LEFT OVERRIDE',
  '\u2060': 'WORD JOINER',
  '\u2066': 'LEFT-TO-RIGHT ISOLATE',
  '\u2067': 'RIGHT-TO-LEFT ISOLATE',
  '\u2068': 'FIRST STRONG ISOLATE',
  '\u2069': 'POP DIRECTIONAL ISOLATE',
  '\uFEFF': 'ZERO WIDTH NO-BREAK SPACE',
};
const HIDDEN = new RegExp(`[${Object.keys(HIDDEN_CHARACTERS).join('')}]`);

/** Why a text cannot be taken, or nothing. */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  const hidden = HIDDEN.exec(text)?.[0];
  if (hidden === undefined) return undefined;
  const code = `U+${hidden.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
  return `must not contain ${code} (${HIDDEN_CHARACTERS[hidden]}), an invisible character that makes text read otherwise than it is stored: type it without`;
}

/** The first place where a parsed document is too deep or holds a character text must not, if any. */
export function jsonProblem(document: unknown): LayoutIssue | undefined {
  const pending: { value: unknown; pointer: string; depth: number }[] = [
    { value: document, pointer: '', depth: 0 },
  ];
  while (pending.length > 0) {
    const { value, pointer, depth } = pending.pop() as (typeof pending)[number];
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { pointer, message: problem };
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
