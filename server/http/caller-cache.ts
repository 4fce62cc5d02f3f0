import { NO_OTHER_PROCESSES, type ProcessNotices } from '../db/process-notices';
import type { Caller } from './caller';

/**
 * Who a session's requests come from, kept for a moment so that each API
 * request does not cost two extra database round trips. Changes (sign-outs,
 * joining or leaving an organisation) drop the entries at once, in this
 * process and, told through `notices`, in the others on the database; one
 * whose notice was lost sees the change within TTL_MS.
 */
export const CALLER_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

export interface CallerCache {
  get(sessionKey: string): Caller | undefined;
  set(sessionKey: string, caller: Caller): void;
  /** The user's sessions ended, or their organisation changed. */
  forgetUser(userId: string): void;
}

/** The topic other processes hear a user's change on (db/process-notices.ts). */
const CALLER_CHANGED = 'caller-changed';

export function createCallerCache(
  notices: ProcessNotices = NO_OTHER_PROCESSES,
  ttlMs = CALLER_TTL_MS,
): CallerCache {
  const entries = new Map<string, { caller: Caller; until: number }>();
  const forget = (userId: string) => {
    for (const [key, entry] of entries) if (entry.caller.userId === userId) entries.delete(key);
  };
  notices.hear(CALLER_CHANGED, (userIds) => {
    for (const userId of userIds) forget(String(userId));
  });
  notices.onMissed(() => entries.clear());
  return {
    get(sessionKey) {
      const entry = entries.get(sessionKey);
      if (!entry) return undefined;
      if (entry.until < Date.now()) {
        entries.delete(sessionKey);
        return undefined;
      }
      return entry.caller;
    },
    set(sessionKey, caller) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(sessionKey, { caller, until: Date.now() + ttlMs });
    },
    forgetUser(userId) {
      forget(userId);
      notices.tell(CALLER_CHANGED, [userId]);
    },
  };
}
