import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { defineJob } from '../jobs/job';
import type { FlaggedSteps } from '../readings/flagged-steps';
import { type ReadingsWrite, writeReadingsFrom } from '../readings/readings-writer';
import type { ObjectStorage } from '../storage/object-storage';
import type { ImportMapping, ImportProblem } from './import-mapping';
import type { ImportProgress } from './import-progress';
import { ParseProblem } from './parse/problem';
import { planInWorker, type WorkerPlan } from './plan-in-worker';
import { organisationPoints } from './points';
import { repeatedRowsSummary } from './repeated-rows';

export interface ImportRequest {
  organisationId: number;
  userId: string | null;
  file: { id: number; file_name: string; file_key: string; format: 'csv' | 'xlsx' };
  source: 'csv' | 'xlsx' | 'sftp';
  mapping: ImportMapping;
  skipBadRows: boolean;
}

/**
 * Records the import as running and starts it; resolves with its id at once,
 * and `done` when it has finished (whatever the outcome, recorded in its row).
 *
 * All or nothing: the readings, their rollups and the import's 'done' status
 * are written in one transaction. A process killed mid-way leaves the import
 * 'running' with none of its readings, and stops its heartbeat: the
 * interrupted-imports job then says so (markInterruptedImports).
 */
export async function startImport(
  db: Database,
  storage: ObjectStorage,
  progress: ImportProgress,
  request: ImportRequest,
): Promise<{ importId: number; done: Promise<void> }> {
  const { id: importId } = await db
    .insertInto('data_imports')
    .values({
      organisation_id: request.organisationId,
      meter_file_id: request.file.id,
      source: request.source,
      file_name: request.file.file_name,
      started_by: request.userId,
      mapping: JSON.stringify(request.mapping),
      skip_bad_rows: request.skipBadRows,
      problems: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  progress.start(importId, request.organisationId);
  const heartbeat = beatWhileRunning(db, importId);
  const done = runImport(db, storage, progress, importId, request)
    .catch((error: unknown) => fail(db, importId, userMessage(error), []))
    // The database still away: the import stays 'running' without heartbeats, and the interrupted-imports
    // job marks it once it can; an error here would otherwise end the process.
    .catch(() => undefined)
    .finally(() => {
      clearInterval(heartbeat);
      progress.finish(importId);
    });
  return { importId, done };
}

/** How often a running import says it is at work. */
const HEARTBEAT_MS = 10_000;
/** An import silent this long has lost its process: six heartbeats missed. */
export const INTERRUPTED_AFTER_MS = 6 * HEARTBEAT_MS;

/**
 * Marks the import as at work now and every HEARTBEAT_MS, outside its own
 * transaction, so another process can tell it from one a crash cut off.
 */
function beatWhileRunning(db: Database, importId: number): NodeJS.Timeout {
  const beat = setInterval(() => {
    db.updateTable('data_imports')
      .set({ heartbeat_at: new Date() })
      .where('id', '=', importId)
      .where('status', '=', 'running')
      .execute()
      // A beat missed is made up by the next; six in a row, and the import is counted as cut off.
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  // A process with nothing else to do ends without waiting for the next beat.
  beat.unref();
  return beat;
}

async function runImport(
  db: Database,
  storage: ObjectStorage,
  progress: ImportProgress,
  importId: number,
  request: ImportRequest,
): Promise<void> {
  // Both before the worker can start: asked together, the file is read while the database answers.
  const [bytes, points] = await Promise.all([
    storage.get(request.file.file_key),
    organisationPoints(db, request.organisationId),
  ]);
  if (!bytes) throw new ParseProblem('The uploaded file is no longer stored; upload it again.');
  try {
    // The file is read on a worker thread while each chunk of readings it hands on is written here, in
    // one write: the database works while the rest is read, and a refusal rolls all of it back.
    await writeReadingsFrom(db, request.source === 'sftp' ? 'sftp' : 'csv', async (write: ReadingsWrite) => {
      const plan = await planInWorker(bytes, request.mapping, points, write.batch, (read) =>
        progress.update(importId, write.summary.written, read),
      );
      if (plan.problemsTotal > 0 && !request.skipBadRows) throw new Refused(plan);
      await recordDone(write.trx, importId, plan, write.summary.flagged);
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    await fail(db, importId, refusal(error.plan), error.plan.problems, error.plan.rowsTotal);
  }
}

/** Bad rows found and not to be skipped: the transaction is rolled back and the import recorded as refused. */
class Refused extends Error {
  constructor(readonly plan: WorkerPlan) {
    super('refused');
  }
}

async function recordDone(db: Database, importId: number, plan: WorkerPlan, flagged: FlaggedSteps) {
  const found = flagged.found();
  await db
    .updateTable('data_imports')
    .set({
      status: 'done',
      rows_total: plan.rowsTotal,
      rows_imported: plan.rowsValid,
      rows_skipped: plan.rowsTotal - plan.rowsValid,
      problems: JSON.stringify(plan.problems),
      message: [summary(plan), flagged.sentence()].filter(Boolean).join(' '),
      suspicious_steps: found.count,
      first_suspicious_step: found.first === null ? null : JSON.stringify(found.first),
      finished_at: new Date(),
    })
    .where('id', '=', importId)
    .execute();
}

function refusal(plan: WorkerPlan): string {
  const rows = plan.problemsTotal === 1 ? '1 problem was' : `${plan.problemsTotal} problems were`;
  return `Nothing was imported: ${rows} found in ${plan.rowsTotal} rows. Correct the file, or import again with "skip bad rows" to store the ${plan.rowsValid} good rows.`;
}

function summary(plan: WorkerPlan): string {
  const skipped = plan.rowsTotal - plan.rowsValid;
  const points = plan.pointIds.length === 1 ? '1 data point' : `${plan.pointIds.length} data points`;
  const imported = `Imported ${plan.rowsValid} rows into ${points}${skipped > 0 ? `; skipped ${skipped} bad rows` : ''}.`;
  return plan.repeatedInstants ? `${imported} ${repeatedRowsSummary(plan.repeatedInstants)}` : imported;
}

async function fail(
  db: Database,
  importId: number,
  message: string,
  problems: ImportProblem[],
  rowsTotal = 0,
): Promise<void> {
  await db
    .updateTable('data_imports')
    .set({
      status: 'failed',
      message,
      problems: JSON.stringify(problems),
      rows_total: rowsTotal,
      finished_at: new Date(),
    })
    .where('id', '=', importId)
    .execute();
}

/** Problems with the file are told as they are; anything else is ours, and says so without internals. */
function userMessage(error: unknown): string {
  if (error instanceof ParseProblem) return `Nothing was imported: ${error.message}`;
  if (isDatabaseUnavailable(error)) {
    return 'Nothing was imported: the database was unavailable for a moment during the import. Start it again.';
  }
  console.error('import failed', error);
  return 'Nothing was imported: the import failed on our side. Try again; if it fails again, contact support.';
}

/**
 * Imports whose process stopped (no heartbeat for INTERRUPTED_AFTER_MS)
 * stored nothing, their transaction never having committed: marked
 * interrupted, so the person sees to start them again. An import whose
 * process is alive, in this process or another, is left running.
 */
export async function markInterruptedImports(db: Database, now = new Date()): Promise<number> {
  const result = await db
    .updateTable('data_imports')
    .set({
      status: 'interrupted',
      message: 'The server stopped during this import, so nothing from it was stored. Start it again.',
      finished_at: now,
    })
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', new Date(now.getTime() - INTERRUPTED_AFTER_MS))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every half minute, however many server processes run: imports cut off by a stopped process, said so. */
export function interruptedImportsJob(db: Database) {
  return defineJob({
    name: 'interrupted-imports',
    schedule: { everySeconds: 30 },
    run: async (_data, { log }) => {
      const marked = await markInterruptedImports(db);
      if (marked > 0)
        log(`${marked} import(s) were cut off by a stopped server; none of their rows were stored`);
    },
  });
}
