import { useEffect, useState } from 'react';

/**
 * Moves the focus to an element by id once the next render is on screen:
 * after a list item moves or goes, its buttons are another item's, and the
 * focus should follow the item (or land next to where it was), not stay put.
 */
export function useFocusLater(): (ids: readonly string[]) => void {
  const [wanted, setWanted] = useState<readonly string[]>();
  useEffect(() => {
    if (!wanted) return;
    const target = wanted
      .map((id) => document.getElementById(id))
      .find((element) => element && !element.hasAttribute('disabled'));
    target?.focus();
    setWanted(undefined);
  }, [wanted]);
  return setWanted;
}
