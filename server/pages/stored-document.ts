import { CURRENT_SCHEMA_VERSION, migrateToCurrent } from '../../src/engine/migrations';
import type { DashboardGetResponse } from '../../src/generated/api-types';

/** A layout document as the API carries it. */
type PageDocument = DashboardGetResponse['document'];

/** A stored document as the current schemaVersion reads it. */
export interface ReadDocument {
  document: PageDocument;
  /** The stored schemaVersion when it was older; else null. */
  migratedFrom: number | null;
}

/**
 * Migrates a stored document for reading, with the engine's own migrations
 * (those loadLayout runs). It was validated when saved, so it is not checked
 * again here. What is stored is not rewritten: the next save stores the
 * upgraded document. One that cannot be migrated is answered as stored.
 */
export function readStored(stored: unknown): ReadDocument {
  const migrated = migrateToCurrent(stored);
  if (!migrated.ok) return { document: stored as PageDocument, migratedFrom: null };
  return {
    document: migrated.document as PageDocument,
    migratedFrom: migrated.fromVersion === CURRENT_SCHEMA_VERSION ? null : migrated.fromVersion,
  };
}
