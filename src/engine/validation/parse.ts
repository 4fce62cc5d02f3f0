import {
  type ParseError,
  type ParseErrorCode,
  parse as parseTolerantly,
  printParseErrorCode,
} from 'jsonc-parser';
import type { LayoutIssue } from './issue';

/** Largest layout text accepted; a real page is well under 1 MB, and more would stall the browser. */
export const MAX_LAYOUT_BYTES = 2 * 1024 * 1024;

export type ParseResult = { ok: true; document: unknown } | { ok: false; issues: LayoutIssue[] };

/** Parses layout text, refusing oversize input before parsing and naming the line and column of a syntax error. */
export function parseLayoutText(text: string): ParseResult {
  const bytes = oversizeLayoutBytes(text);
  if (bytes !== undefined) {
    return fail(`the layout is ${formatMegabytes(bytes)}; the limit is ${formatMegabytes(MAX_LAYOUT_BYTES)}`);
  }
  if (text.trim() === '') return fail('the layout is empty; expected a JSON object');
  try {
    return { ok: true, document: JSON.parse(text) };
  } catch (error) {
    return fail(`not valid JSON: ${describeSyntaxError(text, error as Error)}`);
  }
}

/**
 * The text's size in UTF-8 bytes when it is over MAX_LAYOUT_BYTES, else undefined. UTF-8 takes at most three
 * bytes per UTF-16 unit, so text under a third of the limit is not written out to count it: code mode checks on
 * every keystroke, and writing out a 200-card page each time copied it only to count. Takes a string or
 * CodeMirror's document, which knows its length without being written out.
 */
export function oversizeLayoutBytes(text: { length: number; toString(): string }): number | undefined {
  if (text.length * 3 <= MAX_LAYOUT_BYTES) return undefined;
  const bytes = new TextEncoder().encode(text.toString()).length;
  return bytes > MAX_LAYOUT_BYTES ? bytes : undefined;
}

function fail(message: string): ParseResult {
  return { ok: false, issues: [{ pointer: '', message }] };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * JSON.parse's messages rarely say where the error is; jsonc-parser (the
 * parser behind VS Code's JSON editing) finds the first one's offset. It runs
 * only after JSON.parse has failed, so valid layouts pay nothing for it.
 */
function describeSyntaxError(text: string, error: Error): string {
  const errors: ParseError[] = [];
  parseTolerantly(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (!first) return error.message;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${explain(first.error)} at line ${line}, column ${column}`;
}

const EXPLANATIONS: Partial<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':' after the property name",
  CommaExpected: "expected ',' between items",
  CloseBraceExpected: "expected '}' to close the object",
  CloseBracketExpected: "expected ']' to close the list",
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
};

function explain(code: ParseErrorCode): string {
  const name = printParseErrorCode(code);
  return EXPLANATIONS[name] ?? name;
}
