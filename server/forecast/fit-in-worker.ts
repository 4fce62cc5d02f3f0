import { Worker } from 'node:worker_threads';
import { ApiError } from '../http/api-error';
import type { FitJob, FitMessage } from './fit-messages';
import { type ForecastChoice, ForecastInputError, type History, type Horizon } from './models/types';

/**
 * Fits waiting beyond this are refused (503) rather than queued: a year of
 * hours takes 30 to 80 ms (bench:forecast), three years a few times that, so
 * a full queue is a second or two; a person behind a longer one is better
 * told to try again than left with a spinner.
 */
const MAX_WAITING = 16;

/**
 * Chooses, fits and runs a forecast model on the shared worker thread
 * (fit-worker.ts). Rejects with a ForecastInputError for a history the models
 * cannot work with, and with a 503 ApiError when too many fits are waiting.
 */
export function fitInWorker(history: History, horizon: Horizon): Promise<ForecastChoice> {
  const { worker, jobs } = sharedWorker();
  if (jobs.size >= MAX_WAITING)
    return Promise.reject(
      new ApiError(503, 'Fitting is busy with other requests: try again in a few seconds.'),
    );
  const id = nextJob++;
  return new Promise((resolve, reject) => {
    jobs.set(id, (message) => {
      jobs.delete(id);
      if (jobs.size === 0) worker.unref();
      if (message.kind === 'fitted') resolve(message.choice);
      else if (message.kind === 'refused') reject(new ForecastInputError(message.message, message.field));
      else reject(new Error(`the forecast could not be fitted: ${message.message}`));
    });
    worker.ref();
    worker.postMessage({ id, history, horizon } satisfies FitJob);
  });
}

let nextJob = 1;
let shared: { worker: Worker; jobs: Map<number, (message: FitMessage) => void> } | undefined;

/**
 * One worker for the process, started on the first fit and kept (starting one
 * costs 0.5 to 0.8 s, many fits' worth). It keeps the process alive only while it has
 * work; if it dies, its jobs fail and the next fit starts another.
 */
function sharedWorker() {
  if (shared) return shared;
  const worker = new Worker(new URL('../workers/typescript-worker.mjs', import.meta.url), {
    workerData: { module: new URL('./fit-worker.ts', import.meta.url).href },
  });
  const jobs = new Map<number, (message: FitMessage) => void>();
  const failAll = (reason: string) => {
    if (shared?.worker === worker) shared = undefined;
    for (const [id, take] of jobs) take({ id, kind: 'failed', message: reason });
  };
  worker.on('message', (message: FitMessage) => jobs.get(message.id)?.(message));
  worker.on('error', (error) => failAll(`the forecast worker failed: ${error.message}`));
  worker.on('exit', (code) => failAll(`the forecast worker stopped (exit code ${code})`));
  worker.unref();
  shared = { worker, jobs };
  return shared;
}
