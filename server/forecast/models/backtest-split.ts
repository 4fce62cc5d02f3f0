import type { History, Horizon } from './types';

/** The history cut in two: the hours a model is fitted on, and the held-out hours it must then predict. */
export interface BacktestSplit {
  training: History;
  heldOut: Horizon;
  /** The readings of the held-out hours, null at a gap. */
  actual: (number | null)[];
}

export function splitForBacktest(history: History, heldOutHours: number): BacktestSplit {
  const cut = history.t.length - heldOutHours;
  const before = <T>(values: readonly T[]) => values.slice(0, cut);
  const after = <T>(values: readonly T[]) => values.slice(cut);
  const training: History = {
    t: before(history.t),
    y: before(history.y),
    hourOfWeek: before(history.hourOfWeek),
  };
  const heldOut: Horizon = { t: after(history.t), hourOfWeek: after(history.hourOfWeek) };
  if (history.temperature) {
    training.temperature = before(history.temperature);
    // The held-out hours' own temperatures, as measured: the backtest judges the model, not a weather forecast.
    heldOut.temperature = after(history.temperature);
  }
  return { training, heldOut, actual: after(history.y) };
}
