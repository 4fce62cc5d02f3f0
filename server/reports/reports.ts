import type { Selectable } from 'kysely';
import type { Report, ReportCreateRequest, ReportRun, ReportScope } from '../../src/generated/api-types';
import { checkPeriod } from '../../src/reports/report-period';
import { checkSchedule, nextRunAfter } from '../../src/reports/report-schedule';
import { UnknownTimeZone } from '../../src/time/zone-clock';
import { zoneClock } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { fieldError, invalidBody, notFound } from '../http/api-error';
import { checkedDocument } from '../pages/checked-document';
import { requireOwnDataPoints } from '../saved-views/own-points';

type ReportRow = Selectable<Tables['reports']>;
type RunRow = Selectable<Tables['report_runs']>;

/** The organisation's reports, newest first, each with its latest run. */
export async function listReports(db: Database, organisationId: number): Promise<Report[]> {
  const rows = await db
    .selectFrom('reports')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('id', 'desc')
    .execute();
  const latest = await latestRuns(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => reportOf(row, latest.get(row.id) ?? null));
}

/** A new report: its document checked as a page's is, its scope the organisation's, its schedule's first run set. */
export async function createReport(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  request: ReportCreateRequest,
  now = new Date(),
): Promise<Report> {
  // Another organisation's site or point is refused first, as one that does not exist, whatever else is wrong.
  await requireOwnScope(db, organisationId, request.scope);
  const title = request.title.trim();
  if (title === '')
    throw fieldError('/title', 'Give the report a title, such as "Head Office, monthly energy".');
  const timeZone = knownTimeZone(request.timeZone);
  const problems = [
    ...checkPeriod(request.period).map((problem) => ({ ...problem, pointer: `/period${problem.pointer}` })),
    ...(request.schedule
      ? checkSchedule(request.schedule).map((problem) => ({
          ...problem,
          pointer: `/schedule${problem.pointer}`,
        }))
      : []),
  ];
  if (problems.length > 0) throw invalidBody(problems);
  const document = await checkedDocument(request.document);
  const nextRun = request.schedule ? new Date(nextRunAfter(request.schedule, now.getTime(), timeZone)) : null;
  const row = await db
    .insertInto('reports')
    .values({
      organisation_id: organisationId,
      title,
      document: JSON.stringify(document),
      scope: JSON.stringify(request.scope),
      period: JSON.stringify(request.period),
      time_zone: timeZone,
      schedule: request.schedule ? JSON.stringify(request.schedule) : null,
      next_run_at: nextRun,
      created_by: authorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return reportOf(row, null);
}

/** Removes one of the organisation's reports, and its runs with it; another organisation's is not found. */
export async function deleteReport(db: Database, organisationId: number, id: number): Promise<void> {
  const deleted = await db
    .deleteFrom('reports')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound(`report ${id}`);
}

function knownTimeZone(zone: string): string {
  try {
    zoneClock(zone);
    return zone;
  } catch (error) {
    if (error instanceof UnknownTimeZone) throw fieldError('/timeZone', error.message);
    throw error;
  }
}

/** Refuses the first site or data point of the scope that is not the organisation's, as one that does not exist. */
async function requireOwnScope(db: Database, organisationId: number, scope: ReportScope): Promise<void> {
  if (scope.kind === 'dataPoints') {
    await requireOwnDataPoints(db, organisationId, scope.dataPointIds);
    return;
  }
  const sites = await db
    .selectFrom('entities')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('type', '=', 'site')
    .where('id', 'in', scope.siteIds)
    .execute();
  const own = new Set(sites.map((site) => site.id));
  const missing = scope.siteIds.find((id) => !own.has(id));
  if (missing !== undefined) throw notFound(`site ${missing}`);
}

/** Each report's latest run, by report id. */
async function latestRuns(db: Database, reportIds: number[]): Promise<Map<number, RunRow>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('report_runs')
    .selectAll()
    .distinctOn('report_id')
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.report_id, row]));
}

function reportOf(row: ReportRow, lastRun: RunRow | null): Report {
  return {
    id: row.id,
    title: row.title,
    scope: row.scope,
    period: row.period,
    timeZone: row.time_zone,
    schedule: row.schedule,
    nextRunAt: row.next_run_at?.toISOString() ?? null,
    scheduleError: row.schedule_error,
    createdAt: row.created_at.toISOString(),
    lastRun: lastRun && runOf(lastRun),
  };
}

function runOf(row: RunRow): ReportRun {
  return {
    id: row.id,
    status: row.status,
    scheduledFor: row.scheduled_for?.toISOString() ?? null,
    periodFrom: row.period_from.toISOString(),
    periodTo: row.period_to.toISOString(),
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    error: row.error,
  };
}
