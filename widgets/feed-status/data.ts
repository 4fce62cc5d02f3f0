import { useQuery } from '@tanstack/react-query';
import { pointSearchQuery } from '../../src/data/point-search';

/** Whether a feed still reports changes by the minute, not by the five minutes a list of points is kept. */
const REFRESH_MS = 60_000;

/**
 * The stored and virtual data points with their last reading's time: the
 * Data Explorer's search, shared with every widget asking for the same tags,
 * asked again each minute while the widget shows.
 */
export function useFeedPoints(tags: string[] | undefined) {
  return useQuery({ ...pointSearchQuery(tags ? { tags } : {}), refetchInterval: REFRESH_MS });
}
