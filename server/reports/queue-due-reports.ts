import type { Selectable } from 'kysely';
import { periodBounds } from '../../src/reports/report-period';
import { nextRunAfter, type WorkingCalendar } from '../../src/reports/report-schedule';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { runLocales } from './report-recipients';
import { workingCalendars } from './working-calendar';

/** Reports queued per transaction: each is locked while its run is queued, so two processes share the work. */
const BATCH = 50;

/** How many missed runs are stepped over at most to find the latest, after the longest outage a schedule allows. */
const MOST_MISSED = 5_000;

/**
 * Queues a run of every report whose schedule is due at `now` (one for each
 * language its recipients read), with its period pinned from the instant it was due, and moves the report to its next
 * run. After an outage a report is run once, for the latest run it missed,
 * not once for each: a person wants this month's report, not a pile of them.
 * A schedule that cannot be worked out (a zone the platform no longer knows)
 * stops with the reason kept on the report, and holds no other report up.
 */
export async function queueDueReports(db: Database, now: Date): Promise<{ queued: number; stopped: number }> {
  let queued = 0;
  let stopped = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (tx) => {
      const due = await tx
        .selectFrom('reports')
        .select(['id', 'organisation_id', 'schedule', 'period', 'time_zone', 'next_run_at'])
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      const calendars = await workingCalendars(
        tx,
        due.map((report) => report.organisation_id),
      );
      for (const report of due) {
        const plan = planRun(report, calendars.get(report.organisation_id) ?? {}, now);
        if ('error' in plan) {
          stopped += 1;
          await tx
            .updateTable('reports')
            .set({ next_run_at: null, schedule_error: plan.error })
            .where('id', '=', report.id)
            .execute();
          continue;
        }
        // A run of the slot for each language among the report's recipients: each is mailed its own.
        const inserted = await tx
          .insertInto('report_runs')
          .values(
            (await runLocales(tx, report.id)).map((locale) => ({
              organisation_id: report.organisation_id,
              report_id: report.id,
              scheduled_for: new Date(plan.slot),
              locale,
              period_from: new Date(plan.period.from),
              period_to: new Date(plan.period.to),
            })),
          )
          .onConflict((conflict) => conflict.columns(['report_id', 'scheduled_for', 'locale']).doNothing())
          .returning('id')
          .execute();
        queued += inserted.length;
        await tx
          .updateTable('reports')
          .set({ next_run_at: new Date(plan.next), schedule_error: null })
          .where('id', '=', report.id)
          .execute();
      }
      return due.length;
    });
    if (batch < BATCH) return { queued, stopped };
  }
}

/** What planning a report's run reads of its row. */
type DueReport = Pick<Selectable<Tables['reports']>, 'schedule' | 'period' | 'time_zone' | 'next_run_at'>;

/** The latest run due by `now`, its period, and the run after it by the working calendar; or why the schedule cannot run. */
function planRun(
  report: DueReport,
  calendar: WorkingCalendar,
  now: Date,
): { slot: number; period: { from: number; to: number }; next: number } | { error: string } {
  try {
    if (!report.schedule || !report.next_run_at) throw new Error('the report has no schedule');
    let slot = report.next_run_at.getTime();
    for (let missed = 0; missed < MOST_MISSED; missed++) {
      const following = nextRunAfter(report.schedule, slot, report.time_zone, calendar);
      if (following > now.getTime()) {
        return { slot, period: periodBounds(report.period, slot, report.time_zone), next: following };
      }
      slot = following;
    }
    throw new Error(`more than ${MOST_MISSED} runs were missed`);
  } catch (error) {
    return { error: `The schedule stopped: ${(error as Error).message}` };
  }
}
