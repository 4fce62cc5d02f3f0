import { useMemo } from 'react';

/**
 * The value first seen for as long as its JSON reads the same: a new array or object saying what the last one
 * said keeps the last one, so the memoised parts that take it are passed by.
 */
export function useSameContent<T>(value: T): T {
  const signature = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` is what the value says; a new one saying the same is not new.
  return useMemo(() => value, [signature]);
}
