import type { Query } from '@tanstack/react-query';

/**
 * How a query takes part in live updates, in its `meta`: the data points
 * its answer shows (read from the answer, or from the request in its key),
 * and whether it is the member's notifications. The live stream asks for the
 * points of the queries on screen and asks each query again when its points
 * are written (live-updates.tsx): no widget opens a stream of its own.
 */
export interface LiveMeta extends Record<string, unknown> {
  livePoints?: (query: Query) => readonly number[];
  /** Shown live whatever the person chose (a floor plan), not only while live updates are on. */
  alwaysLive?: true;
  liveNotifications?: true;
}

/** meta for a query whose answer shows these points' readings. */
export function livePointsFrom<T>(pointsOf: (data: T) => readonly number[]): LiveMeta {
  return {
    livePoints: (query) => (query.state.data === undefined ? [] : pointsOf(query.state.data as T)),
  };
}

/** meta for a query whose request names the points it shows (the last part of its key). */
export function livePointsAsked<R>(pointsOf: (request: R) => readonly number[] | undefined): LiveMeta {
  return {
    livePoints: (query) => {
      const request = query.queryKey[query.queryKey.length - 1] as R | null | undefined;
      return (request && pointsOf(request)) ?? [];
    },
  };
}

export const liveMetaOf = (query: Query): LiveMeta => (query.meta ?? {}) as LiveMeta;
