import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pointSearchQuery } from '../../data/point-search';
import type { ExplorerDataPoint } from '../../generated/api-types';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DELAY_MS = 250;
/** The search text the endpoint takes (its contract's maxLength); a longer name written in code mode is cut for the search. */
const SEARCH_MAX_LENGTH = 200;

export interface PointSuggestions {
  points: ExplorerDataPoint[];
  /** The points answer the text as it is now (not an earlier search still shown meanwhile). */
  current: boolean;
  /** The organisation's points could not be listed: the field still takes any name typed. */
  failed: boolean;
}

/**
 * The organisation's data points matching what is typed, through the Data
 * Explorer's search and the cache widgets share; the last answer stays while
 * the next search runs, so the list does not empty between keys.
 */
export function usePointSuggestions(text: string): PointSuggestions {
  const wanted = text.trim().slice(0, SEARCH_MAX_LENGTH);
  const search = useDebouncedValue(wanted, SEARCH_DELAY_MS);
  const query = useQuery({
    ...pointSearchQuery(search ? { search } : {}),
    placeholderData: keepPreviousData,
  });
  return {
    points: query.data ?? [],
    current: search === wanted && query.isSuccess && !query.isPlaceholderData,
    failed: query.isError,
  };
}

/** Where a point is, as its place in the site tree and its unit: "London › Floor 1 · °C". */
export function placeOf(point: ExplorerDataPoint): string {
  return [point.path.join(' › '), point.unit].filter(Boolean).join(' · ');
}

/** The point a layout's name binds to: the one named exactly, else ignoring case (as src/data/points.ts reads names). */
export function pointNamed(
  points: readonly ExplorerDataPoint[],
  name: string,
): ExplorerDataPoint | undefined {
  return (
    points.find((point) => point.name === name) ??
    points.find((point) => point.name.toLowerCase() === name.toLowerCase())
  );
}
