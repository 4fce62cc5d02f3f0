/**
 * The worker thread that fits forecast models (see fit-in-worker.ts): a year
 * of hours through three models and their backtests is tens of milliseconds
 * of arithmetic (three years, a few times that), which on the API's thread
 * would hold up every other request meanwhile. Jobs are taken one at a time, in the order they arrive.
 */
import { parentPort } from 'node:worker_threads';
import type { FitJob, FitMessage } from './fit-messages';
import { forecastWithBestModel } from './models/choose-model';
import { ForecastInputError } from './models/types';

const port = parentPort;
if (!port) throw new Error('fit-worker.ts runs as a worker thread (see fit-in-worker.ts)');

port.on('message', ({ id, history, horizon }: FitJob) => {
  port.postMessage(fitJob(id, history, horizon));
});

function fitJob(id: number, history: FitJob['history'], horizon: FitJob['horizon']): FitMessage {
  try {
    return { id, kind: 'fitted', choice: forecastWithBestModel(history, horizon) };
  } catch (error) {
    if (error instanceof ForecastInputError)
      return { id, kind: 'refused', field: error.field, message: error.message };
    return { id, kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
