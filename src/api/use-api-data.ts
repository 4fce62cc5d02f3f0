import { useCallback, useEffect, useState } from 'react';
import { isNotFound } from './api-failure';

export type ApiData<T> =
  | { status: 'loading' }
  /** `notFound`: the server says what was asked for is not there (or not the caller's organisation's). */
  | { status: 'failed'; message: string; notFound?: boolean }
  | { status: 'loaded'; data: T };

/** Loads data for a product widget and says which state it is in; reload() fetches again after a change. */
export function useApiData<T>(load: () => Promise<T>, key: unknown): ApiData<T> & { reload: () => void } {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the data depends on; `load` is a new closure every render.
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ status: 'loaded', data }),
      (error: Error) =>
        current && setState({ status: 'failed', message: error.message, notFound: isNotFound(error) }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
