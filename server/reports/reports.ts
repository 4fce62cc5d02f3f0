import { isDeepStrictEqual } from 'node:util';
import { type Selectable, sql } from 'kysely';
import type {
  PdfGenerateRequest,
  Report,
  ReportCreateRequest,
  ReportGetResponse,
  ReportPaper,
  ReportPeriod,
  ReportRecipient,
  ReportRun,
  ReportSchedule,
  ReportScope,
  ReportUpdateRequest,
  ReportUpdateResponse,
} from '../../src/generated/api-types';
import { checkPeriod, periodBounds } from '../../src/reports/report-period';
import { checkSchedule, nextRunAfter, type WorkingCalendar } from '../../src/reports/report-schedule';
import { UnknownTimeZone } from '../../src/time/zone-clock';
import { zoneClock } from '../../src/time/zone-offsets';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { type ApiError, fieldError, invalidBody, notFound } from '../http/api-error';
import { staleRevision } from '../http/stale-revision';
import { checkedDocument } from '../pages/checked-document';
import { displayNames } from '../saved-views/display-names';
import { ownDataPoints } from '../saved-views/own-points';
import {
  checkRecipients,
  DEFAULT_RUN_LOCALE,
  recipientsOf,
  requireOwnMembers,
  saveRecipients,
} from './report-recipients';
import { workingCalendarOf } from './working-calendar';

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
  const checked = await checkedReport(db, organisationId, request);
  const nextRun = nextRunOf(checked, await workingCalendarOf(db, organisationId), now);
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reports')
      .values({
        ...rowValues(checked),
        organisation_id: organisationId,
        next_run_at: nextRun,
        created_by: authorId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await saveRecipients(trx, inserted.id, checked.recipients);
    return inserted;
  });
  return reportAnswered(db, row);
}

/**
 * Changes a report as a whole, over the revision the change started from: a
 * save from an older one is refused with the current one, nothing stored. The
 * next run is set afresh only when the schedule or the zone changed, so
 * editing the layout never moves a mail.
 */
export async function updateReport(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  { id, baseRevision, ...request }: ReportUpdateRequest,
  now = new Date(),
): Promise<ReportUpdateResponse> {
  await ownReport(db, organisationId, id);
  const checked = await checkedReport(db, organisationId, request);
  const row = await db.transaction().execute(async (trx) => {
    const current = await ownReport(trx, organisationId, id, { locked: true });
    if (current.revision !== baseRevision) throw await staleReport(trx, current, baseRevision);
    const timing = sameTiming(current, checked)
      ? {}
      : {
          next_run_at: nextRunOf(checked, await workingCalendarOf(trx, organisationId), now),
          schedule_error: null,
        };
    const updated = await trx
      .updateTable('reports')
      .set({
        ...rowValues(checked),
        ...timing,
        revision: current.revision + 1,
        updated_by: authorId,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('report_recipients').where('report_id', '=', id).execute();
    await saveRecipients(trx, id, checked.recipients);
    return updated;
  });
  return {
    report: await reportAnswered(db, row),
    document: row.document as ReportUpdateResponse['document'],
  };
}

/** A report's settings once checked: the title trimmed, the zone known, the document as pages store theirs. */
interface CheckedReport {
  title: string;
  document: unknown;
  scope: ReportScope;
  period: ReportPeriod;
  timeZone: string;
  paper: ReportPaper;
  schedule: ReportSchedule | null;
  recipients: readonly ReportRecipient[];
  attachPdf: boolean;
}

/**
 * Checks what a person sent for a report, new or changed. Another
 * organisation's site, point or member is refused first, as one that does
 * not exist, whatever else is wrong; then each problem at its pointer.
 */
async function checkedReport(
  db: Database,
  organisationId: number,
  request: ReportCreateRequest,
): Promise<CheckedReport> {
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
  return {
    title,
    document: await checkedDocument(request.document),
    scope: request.scope,
    period: request.period,
    timeZone,
    paper: request.paper ?? DEFAULT_PAPER,
    schedule: request.schedule,
    recipients,
    attachPdf: request.attachPdf ?? false,
  };
}

/** Paper for a report that names none: what most of the world prints on. */
const DEFAULT_PAPER: ReportPaper = { size: 'A4', landscape: false };

function rowValues(report: CheckedReport) {
  return {
    title: report.title,
    document: JSON.stringify(report.document),
    scope: JSON.stringify(report.scope),
    period: JSON.stringify(report.period),
    time_zone: report.timeZone,
    paper_size: report.paper.size,
    landscape: report.paper.landscape,
    schedule: report.schedule ? JSON.stringify(report.schedule) : null,
    attach_pdf: report.attachPdf,
  };
}

/** The first run of a report's schedule after `now`, by the organisation's working calendar; none without one. */
function nextRunOf(report: CheckedReport, calendar: WorkingCalendar, now: Date): Date | null {
  return report.schedule
    ? new Date(nextRunAfter(report.schedule, now.getTime(), report.timeZone, calendar))
    : null;
}

/** Whether a change leaves when the report runs as it was: the same schedule in the same zone. */
function sameTiming(current: ReportRow, changed: CheckedReport): boolean {
  // Compared as values: jsonb hands the stored schedule back with its keys in its own order.
  return current.time_zone === changed.timeZone && isDeepStrictEqual(current.schedule, changed.schedule);
}

/** One of the organisation's reports, locked for a change when asked; another organisation's is not found. */
async function ownReport(
  db: Database,
  organisationId: number,
  id: number,
  { locked = false } = {},
): Promise<ReportRow> {
  let query = db
    .selectFrom('reports')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id);
  if (locked) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`report ${id}`);
  return row;
}

/** 409 for a change that started from an older revision, with the current one for the editor to compare. */
async function staleReport(db: Database, current: ReportRow, baseRevision: number): Promise<ApiError> {
  const author = current.updated_by ?? current.created_by;
  const name = author ? ((await displayNames(db, [author])).get(author) ?? null) : null;
  return staleRevision(`Report ${current.id}`, baseRevision, {
    revision: current.revision,
    document: current.document as ReportUpdateResponse['document'],
    author: name,
    savedAt: current.updated_at.toISOString(),
    message: null,
  });
}

/** A report as lists answer it: a member recipient by their address as it is now. */
async function reportAnswered(db: Database, row: ReportRow): Promise<Report> {
  return reportOf(
    row,
    (await latestRuns(db, [row.id])).get(row.id) ?? null,
    (await recipientsOf(db, [row.id])).get(row.id) ?? [],
  );
}

/** The runs a report's page shows, newest first. */
const RUNS_SHOWN = 50;

/** One of the organisation's reports with its document and its latest runs; another organisation's is not found. */
export async function getReport(
  db: Database,
  organisationId: number,
  id: number,
): Promise<ReportGetResponse> {
  const row = await ownReport(db, organisationId, id);
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
    paper: { size: row.paper_size, landscape: row.landscape },
    schedule: row.schedule,
    nextRunAt: row.next_run_at?.toISOString() ?? null,
    scheduleError: row.schedule_error,
    createdAt: row.created_at.toISOString(),
    revision: row.revision,
    lastRun: lastRun && runOf(lastRun),
    recipients,
    attachPdf: row.attach_pdf,
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
