import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/**
 * Names for parts of the address that only the page shown knows: /sites/46
 * is "Head Office", /dashboards/11 is "Night watch". The breadcrumbs read
 * them, so a trail shows names where the address holds ids.
 */
export const addressNamesAtom = atom<ReadonlyMap<string, string>>(new Map<string, string>());

/**
 * Names the part of the address up to `path` (as the address bar has it,
 * from the root) while the calling component is shown; nothing while `name`
 * is not known yet.
 */
export function useAddressName(path: string, name: string | undefined): void {
  const setNames = useSetAtom(addressNamesAtom);
  useEffect(() => {
    if (!name) return;
    setNames((names) => new Map(names).set(path, name));
    return () =>
      setNames((names) => {
        // A page shown after this one may already have named the same part.
        if (names.get(path) !== name) return names;
        const left = new Map(names);
        left.delete(path);
        return left;
      });
  }, [path, name, setNames]);
}
