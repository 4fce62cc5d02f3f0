import type { ExplorerDataPoint } from '../../src/generated/api-types';

/** A stored data point as the feed status sees it. */
export interface FeedState {
  point: ExplorerDataPoint;
  /** `never`: no reading has arrived; `silent`: the last is older than allowed; `reporting` otherwise. */
  state: 'reporting' | 'silent' | 'never';
}

export interface FeedStates {
  reporting: number;
  silent: number;
  never: number;
  /** The silent and the never heard from: the longest silent first, then those never heard from. */
  quiet: FeedState[];
}

/**
 * Sorts the stored data points by whether they still report. Virtual points
 * are left out: they report whenever the points they add up do.
 */
export function feedStates(
  points: readonly ExplorerDataPoint[],
  now: number,
  silentAfterHours: number,
): FeedStates {
  const since = now - silentAfterHours * 3_600_000;
  const states = points
    .filter((point) => !point.virtual)
    .map((point): FeedState => {
      if (!point.lastTs) return { point, state: 'never' };
      return { point, state: Date.parse(point.lastTs) < since ? 'silent' : 'reporting' };
    });
  const quiet = states.filter(({ state }) => state !== 'reporting').sort(longestSilentFirst);
  return {
    reporting: states.length - quiet.length,
    silent: quiet.filter(({ state }) => state === 'silent').length,
    never: quiet.filter(({ state }) => state === 'never').length,
    quiet,
  };
}

function longestSilentFirst(a: FeedState, b: FeedState): number {
  if (a.state !== b.state) return a.state === 'silent' ? -1 : 1;
  if (a.state === 'never') return a.point.name.localeCompare(b.point.name);
  return Date.parse(a.point.lastTs as string) - Date.parse(b.point.lastTs as string);
}
