import { checkLayout, type LoadedLayout, type ReadLayout, readDocument } from './validation/check-layout';
import { parseLayoutText } from './validation/parse';

/** Text as typed or fetched, or an already parsed document. */
export type LayoutSource = { text: string } | { document: unknown };

/** Parses (when text) and migrates a layout; see readDocument. */
export function readLayout(source: LayoutSource): ReadLayout {
  if (!('text' in source)) return readDocument(source.document);
  const parsed = parseLayoutText(source.text);
  if (!parsed.ok) {
    return {
      unreadable: { document: undefined, page: undefined, issues: parsed.issues, migratedFrom: undefined },
    };
  }
  return readDocument(parsed.document);
}

/** Reads and checks a layout; the data validators of its widgets must be loaded (loadDataValidators). */
export function loadLayout(source: LayoutSource): LoadedLayout {
  return checkLayout(readLayout(source));
}
