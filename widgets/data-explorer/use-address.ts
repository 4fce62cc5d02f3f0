import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type AddressState, readAddress, type ViewDefaults, writeAddress } from './view';

export type ChangeAddress = (change: (current: AddressState) => AddressState) => void;

/**
 * The explorer's view, read from the address; a change writes the address
 * (replacing the entry: no history per click). `change` keeps its identity
 * across address changes, so the charts that take it need not draw again.
 */
export function useAddress(defaults: ViewDefaults): [AddressState, ChangeAddress] {
  const [params, setParams] = useSearchParams();
  const { range, resolution } = defaults;
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the query string that `params` holds.
  const state = useMemo(() => readAddress(params, { range, resolution }), [key, range, resolution]);
  // The router's setter changes with every address; the latest one is kept for `change` to call.
  const latest = useRef(setParams);
  useLayoutEffect(() => {
    latest.current = setParams;
  }, [setParams]);
  const change = useCallback<ChangeAddress>(
    (update) =>
      latest.current((current) => writeAddress(update(readAddress(current, { range, resolution }))), {
        replace: true,
      }),
    [range, resolution],
  );
  return [state, change];
}
