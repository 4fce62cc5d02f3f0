import { type Database, databaseIdentity } from '../db/database';
import { defineJob } from '../jobs/job';
import type { Mailer } from '../mail/mailer';
import { deliverDue } from './deliveries';
import { evaluateFlows } from './evaluate-flows';
import { evaluateRules, type RulesCache } from './evaluate-rules';
import { deliverPublishesDue, type PublishToBroker } from './flow-publishes';
import { type NotificationsChangedMessage, notificationsChanged } from './notifications-changed';
import { deliverWebhooksDue } from './webhook-deliveries';

/**
 * Judges the rules with something to judge: sent right after a write to a
 * watched point commits, and run once a minute for silent feeds and anything
 * a crash left unjudged. Sends while a run waits to start join it, and runs
 * are spaced while writes stream in, so a stream of writes is judged in a
 * few runs, each over every point written since (how far each point's rules
 * have judged is stored, not sent). When mail or a
 * webhook post about an alert was queued, it is sent at once; when members
 * were notified, their open screens are told once it is committed.
 */
export function evaluateRulesJob(db: Database, publicUrl: string, deliverNow: () => Promise<void>) {
  const cache: RulesCache = new Map();
  return defineJob({
    name: 'evaluate-rules',
    schedule: { everySeconds: 60 },
    coalesce: true,
    // A run's cost is mostly fixed (the points' progress, their readings, pg-boss's round trip), and a run per
    // write cost ingest beside 1,000 rules a sixth of its speed (npm run bench:rules). While writes stream
    // in, the rules take a twentieth of the time at most, and an alert is held back half a second at most.
    throttle: { share: 0.05, maxSeconds: 0.5 },
    retry: { limit: 3, delaySeconds: 5, backoff: true },
    timeoutSeconds: 300,
    async run() {
      const now = new Date();
      const rules = await evaluateRules(db, { now, publicUrl, cache });
      const flows = await evaluateFlows(db, { now, publicUrl });
      const notified = [...new Set([...rules.notified, ...flows.notified])];
      if (notified.length > 0) {
        const message: NotificationsChangedMessage = {
          database: databaseIdentity(db),
          organisationIds: notified,
        };
        notificationsChanged.publish(message);
      }
      if (rules.deliveriesQueued || flows.deliveriesQueued || flows.publishesQueued) await deliverNow();
    },
  });
}

/**
 * Sends the mail, posts the webhook deliveries and publishes the flows' MQTT
 * messages that are due; every 30 s besides, for retries and after a
 * restart. Each goes beside the others, so a slow receiver holds none back.
 */
export function deliverNotificationsJob(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  publish: PublishToBroker | undefined,
) {
  return defineJob({
    name: 'deliver-notifications',
    schedule: { everySeconds: 30 },
    // Each run sends every delivery due, so one waiting to start takes in those sent meanwhile.
    coalesce: true,
    timeoutSeconds: 300,
    async run(_data, { signal }) {
      await Promise.all([
        deliverDue(db, mailer, { signal, publicUrl }),
        deliverWebhooksDue(db, { signal }),
        deliverPublishesDue(db, publish, signal),
      ]);
    },
  });
}
