import type { DataImportResponse } from '../../src/generated/api-types';
import type { ReadSoFar } from './import-plan';

/** What a running import reports of its progress. */
export type RunningProgress = Pick<
  DataImportResponse,
  'progress' | 'rowsImported' | 'rowsRead' | 'rowsTotal'
>;

interface Running {
  organisationId: number;
  /** Readings written so far, in the import's transaction. */
  stored: number;
  /** How far the file had been read when the last chunk written was handed on. */
  read: ReadSoFar;
  record?: DataImportResponse;
  onEnd: Set<() => void>;
}

/**
 * Progress of the imports running in this process. Kept in memory, not in the
 * database: on PGlite an import's transaction holds the only connection, and
 * the progress bar must still move. After a restart there is nothing running.
 */
export class ImportProgress {
  private readonly running = new Map<number, Running>();

  start(importId: number, organisationId: number): void {
    this.running.set(importId, { organisationId, stored: 0, read: { rows: 0, share: 0 }, onEnd: new Set() });
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
    return { ...entry.record, ...progressOf(entry) };
  }

  /** After a write: `stored` readings are written so far, of rows read as far as `read` says. */
  update(importId: number, stored: number, read: ReadSoFar): void {
    const entry = this.running.get(importId);
    if (!entry) return;
    entry.stored = stored;
    entry.read = read;
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
  of(organisationId: number): Map<number, RunningProgress> {
    const found = new Map<number, RunningProgress>();
    for (const [id, entry] of this.running)
      if (entry.organisationId === organisationId) found.set(id, progressOf(entry));
    return found;
  }

  /** Resolves once nothing is running: for a clean shutdown and for tests. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The rows read of the file's rows, once that count is known (a workbook's at
 * once, a file read in one pass before its first write); until then, for a CSV
 * file read row by row, the share of the file read, as its rows are not
 * counted before the end and a guess from its size would be no count at all.
 * Both as far as the rows written, so the bar waits on the database as the
 * import does. Below 1 until the import is recorded as finished.
 */
function progressOf({ stored, read }: Running): RunningProgress {
  const share = read.rowsTotal ? read.rows / read.rowsTotal : read.share;
  return {
    progress: Math.min(Math.max(share, 0), 0.99),
    rowsImported: stored,
    rowsRead: read.rows,
    rowsTotal: read.rowsTotal ?? 0,
  };
}
