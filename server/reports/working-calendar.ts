import { sql } from 'kysely';
import type { Holiday, ReportSchedule } from '../../src/generated/api-types';
import { nextRunAfter, type WorkingCalendar } from '../../src/reports/report-schedule';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';

/** The organisation's holidays, in date order. */
export async function holidaysOf(db: Database, organisationId: number): Promise<Holiday[]> {
  return db
    .selectFrom('holidays')
    .select([sql<string>`day::text`.as('date'), 'name'])
    .where('organisation_id', '=', organisationId)
    .orderBy('day')
    .execute();
}

/** Each organisation's working calendar (its holidays; the weekend is Saturday and Sunday), by organisation id. */
export async function workingCalendars(
  db: Database,
  organisationIds: readonly number[],
): Promise<Map<number, WorkingCalendar>> {
  const holidays = new Map<number, Set<string>>(organisationIds.map((id) => [id, new Set<string>()]));
  if (organisationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('holidays')
    .select(['organisation_id', sql<string>`day::text`.as('day')])
    .where('organisation_id', 'in', [...new Set(organisationIds)])
    .execute();
  for (const row of rows) holidays.get(row.organisation_id)?.add(row.day);
  return new Map([...holidays].map(([id, days]) => [id, { holidays: days }]));
}

/** One organisation's working calendar. */
export async function workingCalendarOf(db: Database, organisationId: number): Promise<WorkingCalendar> {
  return (await workingCalendars(db, [organisationId])).get(organisationId) as WorkingCalendar;
}

/**
 * Replaces the organisation's holidays and works out again the next run of
 * each scheduled report still ahead of `now`, so a run falling on a new
 * holiday moves to the next working day at once (and one on a holiday taken
 * off comes back). A run already due is left to the scheduler as it is.
 */
export async function saveHolidays(
  db: Database,
  organisationId: number,
  holidays: readonly Holiday[],
  now = new Date(),
): Promise<{ holidays: Holiday[]; rescheduled: number }> {
  const seen = new Set<string>();
  for (const [index, holiday] of holidays.entries()) {
    if (seen.has(holiday.date))
      throw fieldError(`/holidays/${index}/date`, 'This date is on the list already.');
    if (holiday.name.trim() === '') throw fieldError(`/holidays/${index}/name`, 'Give the holiday a name.');
    seen.add(holiday.date);
  }
  const calendar: WorkingCalendar = { holidays: seen };
  const rescheduled = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('holidays').where('organisation_id', '=', organisationId).execute();
    if (holidays.length > 0) {
      await trx
        .insertInto('holidays')
        .values(
          holidays.map((holiday) => ({
            organisation_id: organisationId,
            day: holiday.date,
            name: holiday.name.trim(),
          })),
        )
        .execute();
    }
    return rescheduleReports(trx, organisationId, calendar, now);
  });
  return { holidays: await holidaysOf(db, organisationId), rescheduled };
}

/** Sets each scheduled report's next run still ahead of `now` by `calendar`; answers how many moved. */
async function rescheduleReports(
  trx: Database,
  organisationId: number,
  calendar: WorkingCalendar,
  now: Date,
): Promise<number> {
  const reports = await trx
    .selectFrom('reports')
    .select(['id', 'schedule', 'time_zone', 'next_run_at'])
    .where('organisation_id', '=', organisationId)
    .where('next_run_at', '>', now)
    .forUpdate()
    .execute();
  let moved = 0;
  for (const report of reports) {
    if (!report.schedule || !report.next_run_at) continue;
    const next = nextRunOrNone(report.schedule, now, report.time_zone, calendar);
    // One the platform can no longer work out is left for the scheduler to stop, with its reason.
    if (next === undefined || next === report.next_run_at.getTime()) continue;
    await trx
      .updateTable('reports')
      .set({ next_run_at: new Date(next) })
      .where('id', '=', report.id)
      .execute();
    moved += 1;
  }
  return moved;
}

function nextRunOrNone(
  schedule: ReportSchedule,
  now: Date,
  timeZone: string,
  calendar: WorkingCalendar,
): number | undefined {
  try {
    return nextRunAfter(schedule, now.getTime(), timeZone, calendar);
  } catch {
    return undefined;
  }
}
