import type { LayoutIssue } from './issue';

/** Largest layout text accepted; a real page is well under 1 MB, and more would stall the browser. */
export const MAX_LAYOUT_BYTES = 2 * 1024 * 1024;

export type ParseResult = { ok: true; document: unknown } | { ok: false; issues: LayoutIssue[] };

/** Parses layout text, refusing oversize input before parsing and naming the line and column of a syntax error. */
export function parseLayoutText(text: string): ParseResult {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_LAYOUT_BYTES) {
    return fail(`the layout is ${formatMegabytes(bytes)}; the limit is ${formatMegabytes(MAX_LAYOUT_BYTES)}`);
  }
  if (text.trim() === '') return fail('the layout is empty; expected a JSON object');
  try {
    return { ok: true, document: JSON.parse(text) };
  } catch (error) {
    return fail(`not valid JSON: ${describeSyntaxError(text, error as Error)}`);
  }
}

function fail(message: string): ParseResult {
  return { ok: false, issues: [{ pointer: '', message }] };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** V8 reports "at position N"; people look for lines and columns. */
function describeSyntaxError(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  const reason = error.message.replace(/\s*(in JSON )?at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
  if (!position) return reason;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${reason} at line ${line}, column ${column}`;
}
