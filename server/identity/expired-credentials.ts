import type { Database } from '../db/database';
import { defineJob } from '../jobs/job';
import { ACCESS_TOKEN_SECONDS } from './pool-settings';

const DAY_MS = 86_400_000;

/**
 * Deletes what can no longer sign anyone in: sessions past their refresh
 * token's end or signed out longer ago than an access token lives (an
 * access token of a session that is gone is refused as revoked, as it was),
 * and codes used or expired a day ago (a code that is gone gets the same
 * "request a code again" answer as an expired one). Keeping them only keeps
 * hashes of secrets and the times people signed in. Answers how many of each.
 */
export async function deleteExpiredCredentials(db: Database, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', now),
        eb('revoked_at', '<', new Date(now.getTime() - ACCESS_TOKEN_SECONDS * 1000)),
      ]),
    )
    .executeTakeFirst();
  const codes = await db
    .deleteFrom('user_codes')
    .where((eb) => eb.or([eb('used_at', '<', dayAgo), eb('expires_at', '<', dayAgo)]))
    .executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), codes: Number(codes.numDeletedRows) };
}

/** Nightly, when few sign in, however many server processes run. */
export function expiredCredentialsJob(db: Database) {
  return defineJob({
    name: 'expired-credentials',
    schedule: { cron: '40 3 * * *', timeZone: 'UTC' },
    retry: { limit: 3, delaySeconds: 600, backoff: true },
    run: async (_data, { log }) => {
      const deleted = await deleteExpiredCredentials(db);
      if (deleted.sessions + deleted.codes > 0)
        log(`deleted ${deleted.sessions} ended session(s) and ${deleted.codes} spent code(s)`);
    },
  });
}
