import type { Database } from '../db/database';
import { defineJob } from '../jobs/job';
import type { ObjectStorage } from '../storage/object-storage';
import { mailPrintedRuns, type ReportMailing } from './mail-reports';
import { queueDueReports } from './queue-due-reports';
import { type ReportRenderer, renderQueuedReports } from './render-reports';

/**
 * Queues the scheduled reports that are due, once a minute: a schedule names
 * local minutes, so no run starts more than a minute late. Runs waiting to
 * start join, as each queues everything due. What it queues is printed at once.
 */
export function queueDueReportsJob(db: Database, renderNow: () => Promise<void>) {
  return defineJob({
    name: 'queue-due-reports',
    schedule: { everySeconds: 60 },
    coalesce: true,
    retry: { limit: 3, delaySeconds: 5, backoff: true },
    timeoutSeconds: 120,
    async run(_data, { log }) {
      const { queued, stopped } = await queueDueReports(db, new Date());
      if (queued > 0) await renderNow();
      if (stopped > 0) log(`${stopped} report schedule(s) stopped; each report says why`);
    },
  });
}

/**
 * Prints the queued runs, then mails the scheduled ones printed to their
 * recipients: sent when a person asks for one (pdfGenerate) and when the
 * scheduler queues some, and once a minute for runs put back after a
 * passing failure. One run at a time per process.
 */
export function renderReportsJob(
  db: Database,
  storage: ObjectStorage,
  renderer: ReportRenderer,
  mail: Omit<ReportMailing, 'storage'>,
) {
  return defineJob({
    name: 'render-reports',
    schedule: { everySeconds: 60 },
    coalesce: true,
    timeoutSeconds: 900,
    async run(_data, { signal, log }) {
      const { done, failed } = await renderQueuedReports(db, storage, renderer, signal);
      if (failed > 0)
        log(`${failed} report run(s) failed and ${done} were made; each run's history says why`);
      await mailPrintedRuns(db, { ...mail, storage });
    },
  });
}
