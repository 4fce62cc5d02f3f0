import type { Database } from '../db/database';
import { defineJob } from '../jobs/job';
import type { Mailer } from '../mail/mailer';
import { deliverDue } from './deliveries';
import { evaluateRules } from './evaluate-rules';

/**
 * Judges the rules: sent with the points a write touched, right after it
 * commits, and once a minute for silent feeds and anything a crash left
 * unjudged. When an alert changed, its deliveries are sent at once.
 */
export function evaluateRulesJob(db: Database, publicUrl: string, deliverNow: () => Promise<void>) {
  return defineJob<{ pointIds?: number[] }>({
    name: 'evaluate-rules',
    schedule: { everySeconds: 60 },
    retry: { limit: 3, delaySeconds: 5, backoff: true },
    timeoutSeconds: 300,
    async run({ pointIds }) {
      const { changed } = await evaluateRules(db, { pointIds, now: new Date(), publicUrl });
      if (changed) await deliverNow();
    },
  });
}

/** Sends the notification deliveries that are due; every 30 s besides, for retries and after a restart. */
export function deliverNotificationsJob(db: Database, mailer: Mailer) {
  return defineJob({
    name: 'deliver-notifications',
    schedule: { everySeconds: 30 },
    timeoutSeconds: 300,
    async run(_data, { signal }) {
      await deliverDue(db, mailer, { signal });
    },
  });
}
