import type { DataImportResponse } from '../../src/generated/api-types';

/**
 * Progress of the imports running in this process. Kept in memory, not in the
 * database: on PGlite an import's transaction holds the only connection, and
 * the progress bar must still move. After a restart there is nothing running.
 */
export class ImportProgress {
  private readonly running = new Map<
    number,
    { organisationId: number; done: number; record?: DataImportResponse; onEnd: Set<() => void> }
  >();

  start(importId: number, organisationId: number): void {
    this.running.set(importId, { organisationId, done: 0, onEnd: new Set() });
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

  /** Called once the import's outcome is recorded, so whoever waits for its end reads that outcome. */
  finish(importId: number): void {
    const entry = this.running.get(importId);
    this.running.delete(importId);
    for (const wake of entry?.onEnd ?? []) wake();
  }

  /** Resolves when the import finishes or after withinMs, whichever comes first; at once if it is not running. */
  ended(importId: number, withinMs: number): Promise<void> {
    const entry = this.running.get(importId);
    if (!entry) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        entry.onEnd.delete(wake);
        resolve();
      };
      // A waiting request does not keep a stopping server alive.
      const timer = setTimeout(wake, withinMs).unref();
      entry.onEnd.add(wake);
    });
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
