import { readFileSync } from 'node:fs';
import { parseSync } from '@swc/core';

/** A piece of English written into a component instead of read from the language files. */
export interface HardCodedText {
  file: string;
  line: number;
  text: string;
}

/** Props that carry words to a person: a label, a title, a placeholder, an aria-label and their kin. */
const TEXT_PROP =
  /(^|-)(label|title|text|placeholder|description|message|heading|what|alt|hint)$|(Label|Title|Text|Placeholder|Description|Message|Heading|Hint)$/;

/** Words: two lower-case letters in a row. Units (kWh, m³), codes and acronyms (UTC, CSV) have none. */
const WORDS = /\p{Ll}{2,}/u;

type Node = { type?: string; span?: { start: number }; [key: string]: unknown };

/**
 * Every run of words a component shows as written in its source: JSX text,
 * a string given to a text prop, and a string a JSX expression yields (a
 * condition's branches, a template). A call's arguments are left alone:
 * t('imports.title') names a key, and a helper's arguments are its business.
 */
export function findHardCodedText(file: string, allowed: ReadonlySet<string>): HardCodedText[] {
  const source = readFileSync(file, 'utf8');
  const program = parseSync(source, { syntax: 'typescript', tsx: true }) as unknown as Node;
  const found: HardCodedText[] = [];
  for (const text of shownText(program)) {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    // Names that read the same in every language may stand in a string; the words around them may not.
    const words = [...allowed].reduce((rest, name) => rest.replaceAll(name, ''), trimmed);
    if (WORDS.test(words)) {
      found.push({ file, line: lineOf(source, text.trim()), text: trimmed });
    }
  }
  return found;
}

/** The text of JSX, of text props and of expressions an element shows, anywhere under the node. */
function* shownText(node: Node): Generator<string> {
  if (node.type === 'JSXText') yield node.value as string;
  if (node.type === 'JSXAttribute' && TEXT_PROP.test(attributeName(node))) {
    const value = node.value as Node | null;
    if (value?.type === 'StringLiteral') yield value.value as string;
    if (value?.type === 'JSXExpressionContainer') yield* stringsOf(value.expression);
  }
  if ((node.type === 'JSXElement' || node.type === 'JSXFragment') && Array.isArray(node.children)) {
    for (const child of node.children as Node[]) {
      if (child.type === 'JSXExpressionContainer') yield* stringsOf(child.expression);
    }
  }
  for (const child of childNodes(node)) yield* shownText(child);
}

/** The strings an expression can evaluate to as written: literals, a template's text, either branch. */
function* stringsOf(expression: unknown): Generator<string> {
  if (!isNode(expression)) return;
  switch (expression.type) {
    case 'StringLiteral':
      yield expression.value as string;
      return;
    case 'TemplateLiteral':
      for (const quasi of expression.quasis as Node[]) yield (quasi.raw ?? quasi.cooked) as string;
      for (const part of expression.expressions as Node[]) yield* stringsOf(part);
      return;
    case 'ConditionalExpression':
      yield* stringsOf(expression.consequent);
      yield* stringsOf(expression.alternate);
      return;
    case 'BinaryExpression':
      yield* stringsOf(expression.left);
      yield* stringsOf(expression.right);
      return;
    case 'ParenthesisExpression':
    case 'TsAsExpression':
      yield* stringsOf(expression.expression);
  }
}

function* childNodes(node: Node): Generator<Node> {
  for (const [key, value] of Object.entries(node)) {
    if (key === 'span') continue;
    for (const item of Array.isArray(value) ? value : [value]) if (isNode(item)) yield item;
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function attributeName(attribute: Node): string {
  const name = attribute.name as Node;
  return (name.value as string | undefined) ?? ((name.name as Node | undefined)?.value as string) ?? '';
}

/**
 * The line the text first appears on. swc's spans count bytes across every
 * file parsed in the process, so the text is looked up instead.
 */
function lineOf(source: string, text: string): number {
  const at = source.indexOf(text.split('\n')[0] ?? text);
  return at < 0 ? 0 : source.slice(0, at).split('\n').length;
}
