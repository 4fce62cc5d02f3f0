import { Worker } from 'node:worker_threads';
import type { GetDataImportResponse } from '../../src/generated/api-types';
import type { Series } from '../readings/readings-writer';
import type { ImportMapping, ImportPoint, ImportProblem } from './import-mapping';
import type { ReadSoFar } from './import-plan';
import { ParseProblem } from './parse/problem';
import type { PointDirectory } from './plan-import';
import type { PlanJob, PlanMessage, PlannedSeries } from './plan-messages';
import type { RepeatedRows } from './repeated-rows';

/** A file's plan as the worker reports it once read to the end and every reading written. */
export interface WorkerPlan {
  rowsTotal: number;
  rowsValid: number;
  problems: ImportProblem[];
  problemsTotal: number;
  /** Every data point the file names, in file order. */
  pointIds: number[];
  /** Rows that repeat an earlier row's instant for the same data point; the last of each was written. */
  repeatedInstants?: RepeatedRows;
}

export type ChunkWriter = (point: ImportPoint, series: Series) => Promise<unknown>;

/**
 * Plans a meter file's import on a worker thread (plan-worker.ts), so reading
 * a large file neither stalls the API nor waits on the database. Its readings
 * go to `write` while the worker reads on: one write at a time, each taking
 * every chunk that arrived during the one before, merged into one series per
 * data point (writes have a fixed cost; the database starts on the first rows
 * and then takes larger batches). After each write, `written` hears how far
 * the file is done. Resolves
 * once the file is read and every reading written; rejects with a
 * ParseProblem for a file that cannot be read.
 */
export function planInWorker(
  bytes: Uint8Array,
  mapping: ImportMapping,
  points: PointDirectory,
  write: ChunkWriter,
  written: (read: ReadSoFar) => void = () => {},
): Promise<WorkerPlan> {
  return new Promise((resolve, reject) => {
    const queued: QueuedChunk[] = [];
    let writing: Promise<void> = Promise.resolve();
    let idle = true;
    const writeQueued = async () => {
      idle = false;
      while (queued.length > 0)
        await writeTogether(queued.splice(0), (series) => write(pointOf(series), series), written);
      idle = true;
    };
    const stop = (error: unknown) => {
      if (!job.settle()) return;
      queued.length = 0;
      // A write may still run in the caller's transaction: the caller may roll it back only once it is done.
      writing.then(
        () => reject(error),
        () => reject(error),
      );
    };
    const pointOf = (series: PlannedSeries) => points.byId.get(series.pointId) as ImportPoint;
    const job = submit({ kind: 'import', bytes, mapping, points }, (message) => {
      if (message.kind === 'chunk') {
        queued.push({ series: message.series, read: message.read });
        if (idle) {
          writing = writeQueued();
          writing.catch(stop);
        }
      } else if (message.kind === 'failed') {
        stop(failure(message));
      } else if (message.kind === 'done') {
        const { rowsTotal, rowsValid, problems, problemsTotal, pointIds, repeatedInstants } = message;
        writing.then(() => {
          if (job.settle())
            resolve({ rowsTotal, rowsValid, problems, problemsTotal, pointIds, repeatedInstants });
        }, stop);
      }
    });
  });
}

interface QueuedChunk {
  series: PlannedSeries;
  read: ReadSoFar;
}

/**
 * Writes chunks that queued together as one series per data point. After
 * each, the file is done as far as the last chunk before which every chunk's
 * point is written: told to `written` when that moves on.
 */
export async function writeTogether(
  chunks: QueuedChunk[],
  write: (series: PlannedSeries) => Promise<unknown>,
  written: (read: ReadSoFar) => void,
): Promise<void> {
  const writtenPoints = new Set<number>();
  let through = 0;
  for (const series of byPoint(chunks.map((chunk) => chunk.series))) {
    await write(series);
    writtenPoints.add(series.pointId);
    const before = through;
    while (through < chunks.length && writtenPoints.has((chunks[through] as QueuedChunk).series.pointId))
      through++;
    if (through > before) written((chunks[through - 1] as QueuedChunk).read);
  }
}

/** Chunks in arrival order as one series per data point, each point's readings kept in file order. */
export function byPoint(chunks: PlannedSeries[]): PlannedSeries[] {
  const groups = new Map<number, PlannedSeries[]>();
  for (const chunk of chunks) {
    const group = groups.get(chunk.pointId);
    if (group) group.push(chunk);
    else groups.set(chunk.pointId, [chunk]);
  }
  return [...groups.values()].map((group) =>
    group.length === 1
      ? (group[0] as PlannedSeries)
      : {
          pointId: (group[0] as PlannedSeries).pointId,
          ts: joined(
            group.map((chunk) => chunk.ts),
            Float64Array,
          ),
          values: joined(
            group.map((chunk) => chunk.values),
            Float64Array,
          ),
          quality: joined(
            group.map((chunk) => chunk.quality),
            Uint8Array,
          ),
        },
  );
}

function joined<T extends Float64Array | Uint8Array>(parts: T[], Type: { new (length: number): T }): T {
  const whole = new Type(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/**
 * A meter file's dry run (dry-run.ts) on the worker thread, so that reading a
 * large file to list its problems never holds up the API's other requests.
 */
export function dryRunInWorker(
  bytes: Uint8Array,
  mapping: ImportMapping,
  points: PointDirectory,
): Promise<GetDataImportResponse> {
  return new Promise((resolve, reject) => {
    const job = submit({ kind: 'dry-run', bytes, mapping, points }, (message) => {
      if (message.kind === 'preview' && job.settle()) resolve(message.preview);
      if (message.kind === 'failed' && job.settle()) reject(failure(message));
    });
  });
}

const failure = (message: Extract<PlanMessage, { kind: 'failed' }>) =>
  message.problem ? new ParseProblem(message.message, { field: message.field }) : new Error(message.message);

/**
 * Sends a job to the shared worker; its messages go to `take` until settle()
 * is called, which says whether this call was the one that settled it.
 */
function submit(job: Omit<PlanJob, 'id'>, take: (message: PlanMessage) => void): { settle(): boolean } {
  const { worker, jobs } = sharedWorker();
  const id = nextJob++;
  let settled = false;
  jobs.set(id, (message) => {
    if (!settled) take(message);
  });
  worker.ref();
  worker.postMessage({ id, ...job } satisfies PlanJob);
  return {
    settle() {
      if (settled) return false;
      settled = true;
      jobs.delete(id);
      if (jobs.size === 0) worker.unref();
      return true;
    },
  };
}

/** Starts the worker ahead of the first import, which would otherwise wait half a second for it. */
export function startPlanWorker(): void {
  sharedWorker();
}

let nextJob = 1;
let shared: { worker: Worker; jobs: Map<number, (message: PlanMessage) => void> } | undefined;

/**
 * One worker for the process, started on the first import and kept: starting
 * one costs more than reading a typical file. It keeps the process alive only
 * while it has work. If it dies, its jobs fail and the next import starts another.
 */
function sharedWorker() {
  if (shared) return shared;
  const worker = new Worker(new URL('../workers/typescript-worker.mjs', import.meta.url), {
    workerData: { module: new URL('./plan-worker.ts', import.meta.url).href },
  });
  const jobs = new Map<number, (message: PlanMessage) => void>();
  const failAll = (reason: string) => {
    if (shared?.worker === worker) shared = undefined;
    for (const [id, take] of jobs) take({ id, kind: 'failed', problem: false, message: reason });
  };
  worker.on('message', (message: PlanMessage) => jobs.get(message.id)?.(message));
  worker.on('error', (error) => failAll(`the meter file reader failed: ${error.message}`));
  worker.on('exit', (code) => failAll(`the meter file reader stopped (exit code ${code})`));
  worker.unref();
  shared = { worker, jobs };
  return shared;
}
