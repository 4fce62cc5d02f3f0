import type { Database } from '../db/database';
import { defineJob } from '../jobs/job';
import { queueDueReports } from './queue-due-reports';

/**
 * Queues the scheduled reports that are due, once a minute: a schedule names
 * local minutes, so no run starts more than a minute late. Runs waiting to
 * start join, as each queues everything due.
 */
export function queueDueReportsJob(db: Database) {
  return defineJob({
    name: 'queue-due-reports',
    schedule: { everySeconds: 60 },
    coalesce: true,
    retry: { limit: 3, delaySeconds: 5, backoff: true },
    timeoutSeconds: 120,
    async run(_data, { log }) {
      const { stopped } = await queueDueReports(db, new Date());
      if (stopped > 0) log(`${stopped} report schedule(s) stopped; each report says why`);
    },
  });
}
