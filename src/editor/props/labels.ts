import type { TFunction } from 'i18next';
import { isRecord, type JsonSchema } from './json-schema';

/**
 * A prop's label: its schema's title, else the name's label in the person's
 * language (this folder's locales, `labels`: every prop a widget schema
 * names), else the name as words ("dataPoint" reads "Data point").
 */
export function labelFor(key: string, schema: JsonSchema, t: TFunction<'editor-props'>): string {
  if (schema.title) return schema.title;
  // A dot or colon would be read as a path or a namespace: such a name has no label of its own.
  if (/[.:]/.test(key)) return humanise(key);
  return t(`labels.${key}` as never, { defaultValue: humanise(key) }) as string;
}

/** Every form draws its labels again on each keystroke; a prop's name reads the same each time. */
const humanised = new Map<string, string>();

/** "dataPointId" → "Data point id", "page_size" → "Page size"; words in capitals (URL) stay so. */
export function humanise(key: string): string {
  let label = humanised.get(key);
  if (label === undefined) {
    label = wordsOf(key);
    // Names typed in code mode come and go; the schemas' own are a few hundred.
    if (humanised.size >= 2000) humanised.clear();
    humanised.set(key, label);
  }
  return label;
}

function wordsOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (word === word.toUpperCase() ? word : word.toLowerCase()));
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** Props whose text names an item of a list best, in the order they are tried. */
const NAMING_PROPS = ['label', 'title', 'key', 'id', 'name'];

/** What an item of a list is called in its heading ("site" for a table's column), if anything. */
export function itemSummary(item: unknown): string | undefined {
  if (!isRecord(item)) return undefined;
  for (const prop of NAMING_PROPS) {
    const text = item[prop];
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return undefined;
}
