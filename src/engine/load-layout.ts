import type { Page } from '../generated/page-types';
import { CURRENT_SCHEMA_VERSION, migrateToCurrent } from './migrations';
import type { LayoutIssue } from './validation/issue';
import { parseLayoutText } from './validation/parse';
import { validatePage } from './validation/validate';

/**
 * A layout after parsing, migration and validation. `document` is whatever
 * could be read (migrated when possible), so the renderer can still show the
 * valid parts of a page that has issues.
 */
export interface LoadedLayout {
  document: unknown;
  page: Page | undefined;
  issues: LayoutIssue[];
  migratedFrom: number | undefined;
}

/** Text as typed or fetched, or an already parsed document. */
export type LayoutSource = { text: string } | { document: unknown };

export function loadLayout(source: LayoutSource): LoadedLayout {
  let document: unknown;
  if ('text' in source) {
    const parsed = parseLayoutText(source.text);
    if (!parsed.ok)
      return { document: undefined, page: undefined, issues: parsed.issues, migratedFrom: undefined };
    document = parsed.document;
  } else {
    document = source.document;
  }
  const migrated = migrateToCurrent(document);
  if (!migrated.ok) return { document, page: undefined, issues: migrated.issues, migratedFrom: undefined };
  const migratedFrom = migrated.fromVersion === CURRENT_SCHEMA_VERSION ? undefined : migrated.fromVersion;
  const validation = validatePage(migrated.document);
  return validation.ok
    ? { document: migrated.document, page: validation.value, issues: [], migratedFrom }
    : { document: migrated.document, page: undefined, issues: validation.issues, migratedFrom };
}
