import type { Diagnostic } from '@codemirror/lint';
import type { Node, ParseError } from 'jsonc-parser';
import type { LayoutIssue } from '../../engine/validation/issue';
import { nodeAtPointer, type ParsedJson, parseJson, rangeOf, type TextRange } from './pointer-offsets';

/**
 * The validator's issues as CodeMirror diagnostics, each at its node in the
 * text: the same messages the visual mode shows, at the same places. The text
 * is parsed once for all of them (or not at all, when the caller has parsed
 * it already), so a page of 200 cards with many issues costs one parse.
 */
export function issueDiagnostics(
  text: string,
  issues: readonly LayoutIssue[],
  { tree, errors }: ParsedJson = parseJson(text),
): Diagnostic[] {
  if (issues.length === 0) return [];
  return issues
    .map((issue) => ({
      ...markedRange(text, tree, issue.pointer, errors[0]),
      severity: 'error' as const,
      message: issue.message,
    }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
}

/**
 * Where an issue is underlined. A value on one line is underlined whole; an
 * object or array across many lines only at its key (or, with no key, its
 * opening line), so an issue about a card does not paint the whole card red.
 * Text that does not parse has one issue, at the root, which says where the
 * syntax error is: it is marked there.
 */
function markedRange(text: string, tree: Node | undefined, pointer: string, syntaxError?: ParseError) {
  if (pointer === '' && syntaxError) {
    return { from: syntaxError.offset, to: syntaxError.offset + syntaxError.length };
  }
  const node = nodeAtPointer(tree, pointer);
  if (!node) return { from: 0, to: 0 };
  const range = rangeOf(node);
  if (!spansLines(text, range)) return range;
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  return key ? rangeOf(key) : { from: range.from, to: text.indexOf('\n', range.from) };
}

function spansLines(text: string, { from, to }: TextRange): boolean {
  const lineBreak = text.indexOf('\n', from);
  return lineBreak !== -1 && lineBreak < to;
}
