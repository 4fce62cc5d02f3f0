import type { ForecastChoice, History, Horizon } from './models/types';

/** A fit sent to the worker: the history to learn from and the hours to forecast. */
export interface FitJob {
  id: number;
  history: History;
  horizon: Horizon;
}

/** The worker's answer to a job: the chosen model's forecast, or why the input cannot be modelled. */
export type FitMessage =
  | { id: number; kind: 'fitted'; choice: ForecastChoice }
  | { id: number; kind: 'refused'; field: 'history' | 'temperature'; message: string }
  | { id: number; kind: 'failed'; message: string };
