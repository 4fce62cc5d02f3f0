import type { Page } from '../../generated/page-types';
import { CURRENT_SCHEMA_VERSION, migrateToCurrent } from '../migrations';
import type { LayoutIssue } from './issue';
import { validatePage } from './validate';

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

/** A layout parsed and migrated, ready to be checked; or, loaded as far as it went, one that could not be. */
export type ReadLayout =
  | { document: unknown; migratedFrom: number | undefined }
  | { unreadable: LoadedLayout };

/** Migrates a parsed document; its check comes apart, once its widgets' data validators are loaded. */
export function readDocument(document: unknown): ReadLayout {
  const migrated = migrateToCurrent(document);
  if (!migrated.ok) {
    return { unreadable: { document, page: undefined, issues: migrated.issues, migratedFrom: undefined } };
  }
  const migratedFrom = migrated.fromVersion === CURRENT_SCHEMA_VERSION ? undefined : migrated.fromVersion;
  return { document: migrated.document, migratedFrom };
}

/** Checks a layout read; the data validators of its widgets must be loaded (loadDataValidators). */
export function checkLayout(read: ReadLayout): LoadedLayout {
  if ('unreadable' in read) return read.unreadable;
  const { document, migratedFrom } = read;
  const validation = validatePage(document);
  return validation.ok
    ? { document, page: validation.value, issues: [], migratedFrom }
    : { document, page: undefined, issues: validation.issues, migratedFrom };
}
