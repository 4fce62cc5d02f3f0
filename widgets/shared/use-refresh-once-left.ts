import { useEffect, useState } from 'react';

/**
 * After something shown at the address is deleted: `refresh` runs once the
 * page has left it (the address names another id, or none). Run at once, it
 * would have the views still showing the deleted thing ask for it and be told
 * it is not there. Returns what to call with the deleted id.
 *
 * Once left, the refresh waits a task more, for the end of the effects of the
 * render that left: each view beside the list follows the new address in an
 * effect of its own (a query moves to its new key there), and a refresh run
 * in the list's effect, before theirs, had them ask for the deleted thing
 * again (404s on Data Feeds and Assets, with pages switched at once).
 */
export function useRefreshOnceLeft(shownId: number | null, refresh: () => void): (deletedId: number) => void {
  const [gone, setGone] = useState<number>();
  useEffect(() => {
    if (gone === undefined || gone === shownId) return;
    setGone(undefined);
    // Not cancelled when this effect is cleaned up: the setGone above redraws at once and would cancel it.
    setTimeout(refresh, 0);
  }, [gone, shownId, refresh]);
  return setGone;
}
