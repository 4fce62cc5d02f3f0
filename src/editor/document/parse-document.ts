import { type ParseResult, parseLayoutText } from '../../engine/validation/parse';

/**
 * Parses text typed in code mode as the layout engine does, dropping "__proto__" keys: no layout node has one,
 * the validator would refuse it anyway, and the edit history's diffs (jsondiffpatch) never carry one, so a
 * document holding one could not be undone exactly.
 */
export function parseDocument(text: string): ParseResult {
  if (last?.text !== text) last = { text, parsed: parsed(text) };
  return last.parsed;
}

/**
 * The last text parsed and what it gave: a keystroke's text is parsed by the editor's state, then checked for
 * issues, in the same render. Neither changes what it is given.
 */
let last: { text: string; parsed: ParseResult } | undefined;

function parsed(text: string): ParseResult {
  const result = parseLayoutText(text);
  if (!result.ok || !text.includes('__proto__')) return result;
  return { ok: true, document: JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)) };
}
