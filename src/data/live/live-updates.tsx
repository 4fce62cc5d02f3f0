import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { liveChoiceAtom, liveStatusAtom } from './live-choice';
import { LiveSync } from './live-sync';

/**
 * The member's live stream, one for the whole app (mounted by the shell for
 * members): notifications and always-live queries follow it at all times,
 * every other live query while the person has live updates switched on.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  const everyQuery = useAtomValue(liveChoiceAtom);
  const onStatus = useSetAtom(liveStatusAtom);
  useEffect(() => {
    const sync = new LiveSync(client, { everyQuery, onStatus });
    return () => sync.stop();
  }, [client, everyQuery, onStatus]);
  return null;
}
