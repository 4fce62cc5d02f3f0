import { useEffect, useState } from 'react';

/**
 * After something shown at the address is deleted: `refresh` runs once the
 * page has left it (the address names another id, or none). Run at once, it
 * would have the views still showing the deleted thing ask for it and be told
 * it is not there. Returns what to call with the deleted id.
 */
export function useRefreshOnceLeft(shownId: number | null, refresh: () => void): (deletedId: number) => void {
  const [gone, setGone] = useState<number>();
  useEffect(() => {
    if (gone === undefined || gone === shownId) return;
    setGone(undefined);
    refresh();
  }, [gone, shownId, refresh]);
  return setGone;
}
