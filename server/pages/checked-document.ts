import { checkLayout, readDocument } from '../../src/engine/validation/check-layout';
import { loadDataValidators } from '../../src/engine/validation/compiled-validators';
import type { LayoutIssue } from '../../src/engine/validation/issue';
import { widgetNamesIn } from '../../src/engine/widget-names';
import type { Page } from '../../src/generated/page-types';
import { invalidBody } from '../http/api-error';
import { pageLimitIssue } from './page-limits';

/** Where an issue of the document is in the request: by default under /document. */
export type PlaceIssue = (issue: LayoutIssue) => LayoutIssue;

const underDocument: PlaceIssue = (issue) => ({ ...issue, pointer: `/document${issue.pointer}` });

/**
 * A document fit to store: within the page limits, migrated to the current
 * schemaVersion and valid as the browser's own loader says (the same parse,
 * migrations and validator, so widget names come from the registry's
 * schemas). Anything else is 400 with every problem at its pointer.
 */
export async function checkedDocument(document: unknown, place: PlaceIssue = underDocument): Promise<Page> {
  const limit = pageLimitIssue(document);
  if (limit) throw invalidBody([place(limit)]);
  // Migrated once; each widget's data has a validator of its own, loaded on first use, named after migration.
  const read = readDocument(document);
  if (!('unreadable' in read)) await loadDataValidators(widgetNamesIn(read.document));
  const loaded = checkLayout(read);
  if (!loaded.page) throw invalidBody(loaded.issues.map(place));
  return loaded.page;
}
