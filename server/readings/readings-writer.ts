import { channel } from 'node:diagnostics_channel';
import { type Database, databaseIdentity } from '../db/database';
import { inRetriedTransaction } from '../db/retried-transaction';
import type { DataPointSource } from '../db/tables';
import { FlaggedSteps } from './flagged-steps';
import { writePoints } from './write-points';
import { type PointForWrite, type Series, type WriteSummary, writeReadings } from './write-readings';

/**
 * Who writes: a feed (a push, a broker, a file) marks the points it fills
 * that were filled by hand until now as fed by it; the demo seed, a
 * rewrite of stored readings and a flow's write action mark nothing.
 */
export type ReadingsSource = Exclude<DataPointSource, 'manual' | 'virtual'> | 'demo' | 'rewrite' | 'rule';

/** A data point to write to; its name, where the caller has it, names it in the summary's flagged steps. */
export type WritablePoint = PointForWrite & { name?: string };

/** One point's readings in a write. */
export type { PointForWrite, Series };

export interface PointBatch {
  point: WritablePoint;
  series: Series;
}

/** What a write did, whichever source it came from. */
export interface ReadingsWritten {
  source: ReadingsSource;
  /** Readings written, in all. */
  written: number;
  /** Readings written per data point id, in the order the points were first written. */
  byPoint: Map<number, number>;
  /** The suspicious register steps the written readings are part of (suspicious-steps.ts). */
  flagged: FlaggedSteps;
}

/** A write under way: its batches go into `trx`, as do the caller's writes that must stand or fall with them. */
export interface ReadingsWrite {
  readonly trx: Database;
  /** Writes one point's batch at once (the readings, their deltas and rollups, the steps it flags). */
  batch(point: WritablePoint, series: Series): Promise<WriteSummary>;
  /** Writes several points' batches at once, as batch() would each, sharing statements (write-points.ts). */
  batches(batches: readonly PointBatch[]): Promise<WriteSummary[]>;
  /** What the write has done so far. */
  readonly summary: ReadingsWritten;
}

/**
 * Where a finished write is told, with the points it touched: what must
 * follow new readings (rules, live screens) subscribes here rather than in
 * each source. A node:diagnostics_channel costs nothing while nobody
 * listens, and a test subscribes to it to see which writes went through.
 */
export const readingsWritten = channel('insights:readings-written');

/** What readingsWritten publishes. */
export interface ReadingsWrittenMessage {
  /** The database written to (databaseIdentity), told apart from another app's in the same process. */
  database: object;
  source: ReadingsSource;
  written: number;
  pointIds: number[];
}

const FEEDS: ReadonlySet<ReadingsSource> = new Set(['csv', 'rest', 'mqtt', 'lorawan', 'sftp']);

/**
 * The one way readings are written, by every source. `work` is handed a
 * write and gives it batches as it has them (an import hands chunks while
 * its file is still being read). All of it is one transaction: the writer
 * opens it, or joins the caller's when `db` is one already (a data point
 * changed and its readings rewritten together). A transaction it opened is
 * run again, `work` and all, when PostgreSQL ends it to break a deadlock
 * (retried-transaction.ts): a write takes each point's lock as it comes to
 * it, so two writes, or a write and a time zone change, can each hold a
 * point the other waits for. When the work is done, the
 * points a feed filled by hand until now are marked as fed by it, and the
 * write is published on readingsWritten: after the commit when the writer
 * opened the transaction, at the end of the work when it joined one.
 */
export async function writeReadingsFrom<T>(
  db: Database,
  source: ReadingsSource,
  work: (write: ReadingsWrite) => Promise<T>,
): Promise<{ result: T; summary: ReadingsWritten }> {
  const inTransaction = async (trx: Database) => {
    const write = openWrite(trx, source);
    const result = await work(write);
    await markFedPoints(trx, write.summary);
    return { result, summary: write.summary };
  };
  const done = await inRetriedTransaction(db, inTransaction);
  publish(db, done.summary);
  return done;
}

/** The common case: these batches and nothing else, in one transaction (an array: a retry writes them again). */
export async function writeBatches(
  db: Database,
  source: ReadingsSource,
  batches: readonly PointBatch[],
): Promise<ReadingsWritten> {
  const { summary } = await writeReadingsFrom(db, source, async (write) => {
    await write.batches(batches);
  });
  return summary;
}

function openWrite(trx: Database, source: ReadingsSource): ReadingsWrite {
  const summary: ReadingsWritten = { source, written: 0, byPoint: new Map(), flagged: new FlaggedSteps() };
  const count = (point: WritablePoint, written: WriteSummary) => {
    summary.written += written.written;
    summary.byPoint.set(point.id, (summary.byPoint.get(point.id) ?? 0) + written.written);
    summary.flagged.add({ id: point.id, name: point.name ?? `data point ${point.id}` }, written.flagged);
  };
  return {
    trx,
    summary,
    async batch(point, series) {
      const written = await writeReadings(trx, point, series);
      count(point, written);
      return written;
    },
    async batches(batches) {
      const written = await writePoints(trx, batches);
      for (const [index, { point }] of batches.entries()) count(point, written[index] as WriteSummary);
      return written;
    },
  };
}

/** A point filled by hand is now fed by this source; points fed another way keep theirs. */
async function markFedPoints(trx: Database, summary: ReadingsWritten): Promise<void> {
  if (!FEEDS.has(summary.source) || summary.byPoint.size === 0) return;
  await trx
    .updateTable('data_points')
    .set({ source: summary.source as DataPointSource, updated_at: new Date() })
    .where('id', 'in', [...summary.byPoint.keys()])
    .where('source', '=', 'manual')
    .execute();
}

function publish(db: Database, summary: ReadingsWritten): void {
  if (!readingsWritten.hasSubscribers || summary.byPoint.size === 0) return;
  const message: ReadingsWrittenMessage = {
    database: databaseIdentity(db),
    source: summary.source,
    written: summary.written,
    pointIds: [...summary.byPoint.keys()],
  };
  readingsWritten.publish(message);
}
