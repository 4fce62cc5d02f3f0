import { type Selectable, sql } from 'kysely';
import type {
  PdfGenerateRequest,
  Report,
  ReportCreateRequest,
  ReportGetResponse,
  ReportRecipient,
  ReportRun,
  ReportScope,
} from '../../src/generated/api-types';
import { checkPeriod, periodBounds } from '../../src/reports/report-period';
import { checkSchedule, nextRunAfter } from '../../src/reports/report-schedule';
import { UnknownTimeZone } from '../../src/time/zone-clock';
import { zoneClock } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { fieldError, invalidBody, notFound } from '../http/api-error';
import { checkedDocument } from '../pages/checked-document';
import { ownDataPoints } from '../saved-views/own-points';
import {
  checkRecipients,
  DEFAULT_RUN_LOCALE,
  recipientsOf,
  requireOwnMembers,
  saveRecipients,
} from './report-recipients';

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
  const ids = rows.map((row) => row.id);
  const latest = await latestRuns(db, ids);
  const recipients = await recipientsOf(db, ids);
  return rows.map((row) => reportOf(row, latest.get(row.id) ?? null, recipients.get(row.id) ?? []));
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
  const recipients = request.recipients ?? [];
  await requireOwnMembers(db, organisationId, recipients);
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
  checkRecipients(recipients, request.schedule !== null);
  const document = await checkedDocument(request.document);
  const nextRun = request.schedule ? new Date(nextRunAfter(request.schedule, now.getTime(), timeZone)) : null;
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
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
    await saveRecipients(trx, inserted.id, recipients);
    return inserted;
  });
  // As lists answer them: a member by their address as it is now.
  return reportOf(row, null, (await recipientsOf(db, [row.id])).get(row.id) ?? []);
}

/** The runs a report's page shows, newest first. */
const RUNS_SHOWN = 50;

/** One of the organisation's reports with its document and its latest runs; another organisation's is not found. */
export async function getReport(
  db: Database,
  organisationId: number,
  id: number,
): Promise<ReportGetResponse> {
  const row = await db
    .selectFrom('reports')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`report ${id}`);
  const runs = await db
    .selectFrom('report_runs')
    .selectAll()
    .where('report_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RUNS_SHOWN)
    .execute();
  const recipients = await recipientsOf(db, [id]);
  return {
    report: reportOf(row, runs[0] ?? null, recipients.get(id) ?? []),
    document: row.document as ReportGetResponse['document'],
    runs: runs.map(runOf),
  };
}

/**
 * Queues a run of the report now, for its period as of `now`, asked for by
 * `requestedBy`; or answers the run already waiting or being made, so a
 * second press (or a second person) does not make it twice.
 */
export async function runReportNow(
  db: Database,
  { organisationId, requestedBy }: { organisationId: number; requestedBy: string },
  { reportId, locale = DEFAULT_RUN_LOCALE }: PdfGenerateRequest,
  now = new Date(),
): Promise<{ run: ReportRun; alreadyQueued: boolean }> {
  return db.transaction().execute(async (tx) => {
    // Locked, so two requests at once see each other's run.
    const report = await tx
      .selectFrom('reports')
      .select(['id', 'period', 'time_zone'])
      .where('organisation_id', '=', organisationId)
      .where('id', '=', reportId)
      .forUpdate()
      .executeTakeFirst();
    if (!report) throw notFound(`report ${reportId}`);
    const waiting = await tx
      .selectFrom('report_runs')
      .selectAll()
      .where('report_id', '=', reportId)
      .where('status', 'in', ['queued', 'running'])
      .orderBy('id')
      .executeTakeFirst();
    if (waiting) return { run: runOf(waiting), alreadyQueued: true };
    const period = periodBounds(report.period, now.getTime(), report.time_zone);
    const run = await tx
      .insertInto('report_runs')
      .values({
        organisation_id: organisationId,
        report_id: reportId,
        requested_by: requestedBy,
        locale,
        period_from: new Date(period.from),
        period_to: new Date(period.to),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { run: runOf(run), alreadyQueued: false };
  });
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
  const missing = await missingFromScope(db, organisationId, scope);
  if (missing) throw notFound(`${missing.kind} ${missing.id}`);
}

/** The ids of the organisation's data points a scope covers: its points, or every point on or under its sites. */
export async function pointsOfScope(
  db: Database,
  organisationId: number,
  scope: ReportScope,
): Promise<number[]> {
  if (scope.kind === 'dataPoints') return scope.dataPointIds;
  const { rows } = await sql<{ id: number }>`
    with recursive under as (
      select id from entities where id in (${sql.join(scope.siteIds)}) and organisation_id = ${organisationId}
      union all
      select child.id from entities child join under on child.parent_id = under.id
    )
    select data_points.id from data_points join under on data_points.entity_id = under.id
  `.execute(db);
  return rows.map((row) => row.id);
}

/**
 * The first site or data point of a scope that is not the organisation's (or
 * no longer there), if any: a new report is refused for it, a run fails.
 */
export async function missingFromScope(
  db: Database,
  organisationId: number,
  scope: ReportScope,
): Promise<{ kind: 'site' | 'data point'; id: number } | undefined> {
  if (scope.kind === 'dataPoints') {
    const own = await ownDataPoints(db, organisationId, scope.dataPointIds);
    const id = scope.dataPointIds.find((pointId) => !own.has(pointId));
    return id === undefined ? undefined : { kind: 'data point', id };
  }
  const sites = await db
    .selectFrom('entities')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('type', '=', 'site')
    .where('id', 'in', scope.siteIds)
    .execute();
  const own = new Set(sites.map((site) => site.id));
  const id = scope.siteIds.find((siteId) => !own.has(siteId));
  return id === undefined ? undefined : { kind: 'site', id };
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

function reportOf(row: ReportRow, lastRun: RunRow | null, recipients: ReportRecipient[]): Report {
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
    recipients,
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
    progress: row.progress,
    locale: row.locale as ReportRun['locale'],
    pages: row.pages,
  };
}
