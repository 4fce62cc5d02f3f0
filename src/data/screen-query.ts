import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRICED } from './priced';
import { DATA_KEY } from './query-client';

/**
 * What a screen reads that people change from other screens and other
 * browsers (its users, keys, tariffs, saved views), as a query: never fresh,
 * so a screen mounted again shows at once what it had and asks again; while
 * what it asks for changes (a search typed), it keeps the last answer on
 * screen. `name` says whose read it is; `request` tells its answers apart.
 * Its refetch (DataState's "Try again", or after a write) asks again.
 * `priced`: the tariffs price its answer, so a tariff's write asks it again (priced.ts).
 */
export function useScreenQuery<T>(
  name: string,
  read: () => Promise<T>,
  request?: unknown,
  { priced = false }: { priced?: boolean } = {},
) {
  return useQuery({
    queryKey: [...screenQueryKey(name), request ?? null],
    queryFn: read,
    ...(priced ? { meta: PRICED } : {}),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The key every answer of the screen read `name` starts with, whatever its request. */
export function screenQueryKey(name: string) {
  return [DATA_KEY, 'screen', name] as const;
}
