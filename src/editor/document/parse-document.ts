import { parseLayoutText } from '../../engine/validation/parse';

/**
 * Parses text typed in code mode as the layout engine does, dropping "__proto__" keys: no layout node has one,
 * the validator would refuse it anyway, and the edit history's diffs (jsondiffpatch) never carry one, so a
 * document holding one could not be undone exactly.
 */
export function parseDocument(text: string): ReturnType<typeof parseLayoutText> {
  const parsed = parseLayoutText(text);
  if (!parsed.ok || !text.includes('__proto__')) return parsed;
  return { ok: true, document: JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)) };
}
