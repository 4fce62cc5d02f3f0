import { readDocument } from '../../src/engine/validation/check-layout';
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
 * (readDocument, as loadLayout reads). It was validated when saved, so it is not checked
 * again here. What is stored is not rewritten: the next save stores the
 * upgraded document. One that cannot be migrated is answered as stored.
 */
export function readStored(stored: unknown): ReadDocument {
  const read = readDocument(stored);
  if ('unreadable' in read) return { document: stored as PageDocument, migratedFrom: null };
  return { document: read.document as PageDocument, migratedFrom: read.migratedFrom ?? null };
}
