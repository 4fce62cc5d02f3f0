import type { DataImportResponse } from '../../src/generated/api-types';

/**
 * Progress of the imports running in this process. Kept in memory, not in the
 * database: on PGlite an import's transaction holds the only connection, and
 * the progress bar must still move. After a restart there is nothing running.
 */
export class ImportProgress {
  private readonly running = new Map<
    number,
    { organisationId: number; done: number; record?: DataImportResponse }
  >();

  start(importId: number, organisationId: number): void {
    this.running.set(importId, { organisationId, done: 0 });
  }

  /** The import as it was recorded when it started, answered without the database while it runs. */
  remember(importId: number, record: DataImportResponse): void {
    const entry = this.running.get(importId);
    if (entry) entry.record = record;
  }

  /** A running import of the organisation with its progress now, or undefined. */
  current(organisationId: number, importId: number): DataImportResponse | undefined {
    const entry = this.running.get(importId);
    if (!entry?.record || entry.organisationId !== organisationId) return undefined;
    return { ...entry.record, progress: entry.done };
  }

  /** done is the share of the work finished, 0 to 1. */
  update(importId: number, done: number): void {
    const entry = this.running.get(importId);
    if (entry) entry.done = Math.min(Math.max(done, 0), 0.99);
  }

  finish(importId: number): void {
    this.running.delete(importId);
  }

  /** The organisation's running imports, with their progress. */
  of(organisationId: number): Map<number, number> {
    const found = new Map<number, number>();
    for (const [id, entry] of this.running)
      if (entry.organisationId === organisationId) found.set(id, entry.done);
    return found;
  }

  /** Resolves once nothing is running: for a clean shutdown and for tests. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
