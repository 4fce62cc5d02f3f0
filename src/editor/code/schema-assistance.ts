import { autocompletion } from '@codemirror/autocomplete';
import { jsonLanguage } from '@codemirror/lang-json';
import type { EditorState, Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { type HoverOptions, jsonCompletion, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';
import { parse as parseTolerantly } from 'jsonc-parser';
import { completionSchema } from './completion-schema';

type HoverTexts = Parameters<NonNullable<HoverOptions['formatHover']>>[0];
/** A schema's English description in the reader's language (usePropHelp), or as written. */
type Translate = (english: string) => string;
const AS_WRITTEN: Translate = (english) => english;

const prepared = new WeakMap<object, object>();

/**
 * Completion of property names and values, and hover documentation, from the
 * page schema (codemirror-json-schema). Its linter is left out: the editor's
 * diagnostics are the validator's issues, the same as the visual mode shows.
 */
export function schemaAssistance(pageSchema: object, translate: Translate = AS_WRITTEN): Extension {
  return [
    stateExtensions(preparedSchema(pageSchema)),
    jsonLanguage.data.of({ autocomplete: jsonCompletion({ jsonParser: documentData }) }),
    autocompletion(),
    hoverTooltip(schemaHover(translate)),
  ];
}

/**
 * What hovering a key or value shows: its schema's description, in the
 * reader's language where it has a translation (the props form's help), and
 * its type, as plain text.
 */
export function schemaHover(translate: Translate = AS_WRITTEN) {
  return jsonSchemaHover({ formatHover: (texts) => hoverContent(texts, translate) });
}

/** The schema rewritten once per schema object: it is some 100 KB, and the pane mounts with each visit. */
function preparedSchema(pageSchema: object): object {
  let schema = prepared.get(pageSchema);
  if (!schema) {
    schema = completionSchema(pageSchema);
    prepared.set(pageSchema, schema);
  }
  return schema;
}

/**
 * The document as far as it parses, for choosing among a schema's branches
 * (which widget a `data` belongs to). The library's own fallback parser
 * writes to console.error whenever the text is incomplete, which is on most
 * keystrokes; jsonc-parser recovers as well and quietly. Completion reads only
 * `data`.
 */
function documentData(state: EditorState) {
  return { data: parseTolerantly(state.doc.toString()), pointers: new Map() };
}

/**
 * The hover as plain text. The library's own renders the schema's
 * descriptions as Markdown into innerHTML; text nodes show the same words with
 * nothing parsed as markup.
 */
function hoverContent({ message, typeInfo }: HoverTexts, translate: Translate): HTMLElement {
  const hover = document.createElement('div');
  hover.className = 'cm-schema-hover';
  if (message) hover.append(paragraph(translate(message), 'cm-schema-hover-description'));
  if (typeInfo) hover.append(paragraph(typeInfo.replaceAll('`', '').trim(), 'cm-schema-hover-type'));
  return hover;
}

function paragraph(text: string, className: string): HTMLElement {
  const element = document.createElement('p');
  element.className = className;
  element.textContent = text;
  return element;
}
