/**
 * The worker thread that reads meter files (see plan-in-worker.ts): it opens
 * each file sent to it, plans the import (in one pass for the common shape,
 * plan-canonical.ts; otherwise row by row), and posts each data point's
 * readings back in chunks as typed arrays, then the plan's totals, problems,
 * data points and repeated instants; or, for a dry run, its whole answer.
 * Jobs are taken one at a time, in the order they arrive.
 */
import { parentPort } from 'node:worker_threads';
import { dryRun } from './dry-run';
import type { PointReadings, ReadSoFar } from './import-plan';
import { openMeterTable } from './meter-table';
import { ParseProblem } from './parse/problem';
import { type CanonicalPlan, planCanonical } from './plan-canonical';
import { planImport } from './plan-import';
import type { PlanJob, PlanMessage, PlannedSeries } from './plan-messages';
import { mayRepeat, type RepeatedRows, repeatedRows } from './repeated-rows';

/**
 * Rows per chunk: few enough that the database starts on a file's first rows
 * while the rest is read. Chunks that arrive while a write runs are written
 * together (plan-in-worker.ts), so a write's fixed cost (a few round trips,
 * its boundary day's rollups again) is paid per write, not per chunk. 5,000
 * throughout measured no faster (bench:ingest): on two cores the import is bound by CPU.
 */
const CHUNK_ROWS = 20_000;
/** The file's first chunk is small: the database has nothing to do until it arrives. */
const FIRST_CHUNK_ROWS = 2_000;
/** A file read whole (plan-canonical.ts) goes on in writes of this many rows: one for most files, bounded for large ones. */
const WHOLE_FILE_CHUNK_ROWS = 100_000;

const port = parentPort;
if (!port) throw new Error('plan-worker.ts runs as a worker thread (see plan-in-worker.ts)');

let queue = Promise.resolve();
port.on('message', (job: PlanJob) => {
  queue = queue.then(() => plan(job));
});

async function plan({ id, kind, bytes, mapping, points }: PlanJob): Promise<void> {
  const post = (message: PlanMessage, transfer: ArrayBuffer[] = []) => port?.postMessage(message, transfer);
  try {
    if (kind === 'dry-run') {
      post({ id, kind: 'preview', preview: await dryRun(bytes, mapping, points) });
      return;
    }
    const handOn = async (readings: PointReadings, read: ReadSoFar) => {
      const series = packed(readings);
      post({ id, kind: 'chunk', series, read }, buffersOf(series));
    };
    const table = await openMeterTable(bytes, { hasHeader: mapping.hasHeader, delimiter: mapping.delimiter });
    const canonical = planCanonical(table, mapping, points);
    if (canonical) {
      handOnWhole(canonical, (series, read) => post({ id, kind: 'chunk', series, read }, buffersOf(series)));
      const { rowsTotal, point } = canonical;
      post({
        id,
        kind: 'done',
        rowsTotal,
        rowsValid: rowsTotal,
        problems: [],
        problemsTotal: 0,
        pointIds: [point.id],
      });
      return;
    }
    const planned = await planImport(table, mapping, points, {
      chunks: { firstRows: FIRST_CHUNK_ROWS, rows: CHUNK_ROWS, take: handOn },
    });
    const repeats = mayRepeat(planned) ? await repeatsReadingAgain(bytes, mapping, points) : undefined;
    post({
      id,
      kind: 'done',
      rowsTotal: planned.rowsTotal,
      rowsValid: planned.rowsValid,
      problems: planned.problems,
      problemsTotal: planned.problemsTotal,
      pointIds: [...planned.byPoint.keys()],
      ...(repeats ? { repeatedInstants: repeats } : {}),
    });
  } catch (error) {
    post({
      id,
      kind: 'failed',
      problem: error instanceof ParseProblem,
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof ParseProblem && error.field !== undefined ? { field: error.field } : {}),
    });
  }
}

/**
 * The rows that repeat an instant, found by reading the file again, whole: the
 * times of the chunks already handed on are gone, and keeping every time of
 * every file would cost memory that only a file out of time order needs.
 */
async function repeatsReadingAgain(
  bytes: Uint8Array,
  mapping: PlanJob['mapping'],
  points: PlanJob['points'],
): Promise<RepeatedRows | undefined> {
  const table = await openMeterTable(bytes, { hasHeader: mapping.hasHeader, delimiter: mapping.delimiter });
  return repeatedRows(await planImport(table, mapping, points));
}

/**
 * A file read whole, in chunks of WHOLE_FILE_CHUNK_ROWS; each its own copy, as
 * each is handed over, with the rows up to its end of all the file's rows.
 */
function handOnWhole(
  { point, ts, values, rowsTotal }: CanonicalPlan,
  take: (series: PlannedSeries, read: ReadSoFar) => void,
): void {
  for (let start = 0; start < ts.length; start += WHOLE_FILE_CHUNK_ROWS) {
    const end = Math.min(start + WHOLE_FILE_CHUNK_ROWS, ts.length);
    const series = {
      pointId: point.id,
      ts: ts.slice(start, end),
      values: values.slice(start, end),
      quality: new Uint8Array(end - start),
    };
    take(series, { rows: end, rowsTotal, share: end / rowsTotal });
  }
}

/** Typed arrays cross to the main thread without a copy; arrays of numbers would be cloned. */
function packed(series: PointReadings): PlannedSeries {
  return {
    pointId: series.point.id,
    ts: Float64Array.from(series.ts),
    values: Float64Array.from(series.values),
    quality: Uint8Array.from(series.quality),
  };
}

function buffersOf(series: PlannedSeries): ArrayBuffer[] {
  return [series.ts.buffer, series.values.buffer, series.quality.buffer] as ArrayBuffer[];
}
