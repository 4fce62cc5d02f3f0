import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { formatIssue } from '../../src/engine/validation/issue';
import type { ReportScope } from '../../src/generated/api-types';
import { boundsOf } from '../../src/reports/report-period';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { ApiError } from '../http/api-error';
import { checkedDocument } from '../pages/checked-document';
import type { ObjectStorage } from '../storage/object-storage';
import { issuePrintToken, revokePrintToken } from './print-credential';
import { PrintFailure, type ReportPrinter } from './print-report';
import { missingFromScope, pointsOfScope } from './reports';

/** What printing needs beside the database: where the app's print page is served, and the Chromium to print it. */
export interface ReportRenderer {
  /** The server's own address as the renderer's Chromium reaches it, e.g. http://127.0.0.1:8080. */
  appUrl: string;
  printer: ReportPrinter;
}

/** A printing that failed for a passing cause (Chromium crashed, the server was busy) is tried this often in all. */
export const PRINT_ATTEMPTS = 3;

type RunRow = Selectable<Tables['report_runs']>;

/** A run the renderer cannot print, and why, in words for its history. */
class RunProblem extends Error {}

/**
 * Prints every queued run, oldest first, one at a time (each is a Chromium
 * page with a report's charts: two at once on a small server would only slow
 * both). A run is claimed with SKIP LOCKED, so several processes share the
 * queue. Until `signal` is aborted.
 */
export async function renderQueuedReports(
  db: Database,
  storage: ObjectStorage,
  renderer: ReportRenderer,
  signal: AbortSignal,
): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  try {
    while (!signal.aborted) {
      const run = await claimQueuedRun(db);
      if (!run) break;
      if (await renderRun(db, storage, renderer, run, signal)) done += 1;
      else failed += 1;
    }
  } finally {
    await renderer.printer.close();
  }
  return { done, failed };
}

async function claimQueuedRun(db: Database): Promise<RunRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const next = await tx
      .selectFrom('report_runs')
      .select('id')
      .where('status', '=', 'queued')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!next) return undefined;
    return tx
      .updateTable('report_runs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        started_at: new Date(),
        progress: 5,
        error: null,
      }))
      .where('id', '=', next.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Prints one claimed run and records what came of it; true when its PDF is stored. */
async function renderRun(
  db: Database,
  storage: ObjectStorage,
  { appUrl, printer }: ReportRenderer,
  run: RunRow,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    const report = await printableReport(db, run);
    const token = await issuePrintToken(db, run.id);
    const url =
      `${appUrl}/print/report/${run.report_id}?run=${run.id}&lng=${encodeURIComponent(run.locale)}` +
      `#print=${encodeURIComponent(token)}`;
    const printed = await printer.print({
      url,
      paper: { size: report.paper_size, landscape: report.landscape },
      header: {
        organisation: report.organisation,
        logo: await logoOf(storage, report.image_key),
        title: report.title,
      },
      signal,
      progress: (percent) => setProgress(db, run.id, percent),
    });
    const key = `REPORTS/${randomUUID()}.pdf`;
    await storage.put(key, printed.pdf, 'application/pdf');
    await db
      .updateTable('report_runs')
      .set({
        status: 'done',
        pdf_key: key,
        pages: printed.pages,
        progress: 100,
        finished_at: new Date(),
        error: null,
      })
      .where('id', '=', run.id)
      .execute();
    return true;
  } catch (error) {
    await recordFailure(db, run, error);
    return false;
  } finally {
    await revokePrintToken(db, run.id);
  }
}

/**
 * The report behind a run, checked before Chromium is started: its layout
 * still valid, its scope's sites and points still there, and readings in its
 * period. A report that would print empty or broken fails here, with the
 * reason, rather than being mailed out.
 */
async function printableReport(db: Database, run: RunRow) {
  const report = await db
    .selectFrom('reports')
    .innerJoin('organisations', 'organisations.id', 'reports.organisation_id')
    .select([
      'reports.title',
      'reports.document',
      'reports.scope',
      'reports.time_zone',
      'reports.paper_size',
      'reports.landscape',
      'organisations.name as organisation',
      'organisations.image_key',
    ])
    .where('reports.id', '=', run.report_id)
    .executeTakeFirst();
  if (!report) throw new RunProblem('The report was deleted before it could be made.');
  try {
    await checkedDocument(report.document, (issue) => issue);
  } catch (error) {
    const issues = error instanceof ApiError ? (error.issues ?? []) : [];
    const said = issues.map(formatIssue).join('; ') || (error as Error).message;
    throw new RunProblem(`The report's layout is not valid (${said}): edit it and run it again.`);
  }
  const points = await scopePoints(db, run.organisation_id, report.scope);
  if (points.length === 0) {
    throw new RunProblem(
      "The report's scope has no data points: add data points to its sites, or choose others.",
    );
  }
  if (!(await anyReadings(db, run.organisation_id, points, run.period_from, run.period_to))) {
    const { firstDate, lastDate } = boundsOf(
      new Date(run.period_from).getTime(),
      new Date(run.period_to).getTime(),
      report.time_zone,
    );
    throw new RunProblem(
      `There are no readings in the report's scope from ${firstDate} to ${lastDate}: there is nothing to report.`,
    );
  }
  return report;
}

/** The ids of the data points a scope covers; a site or point no longer there is a problem named by its id. */
async function scopePoints(db: Database, organisationId: number, scope: ReportScope): Promise<number[]> {
  const missing = await missingFromScope(db, organisationId, scope);
  if (missing?.kind === 'data point') {
    throw new RunProblem(
      `Data point #${missing.id} in the report's scope was deleted: choose the report's data points again.`,
    );
  }
  if (missing) {
    throw new RunProblem(
      `Site #${missing.id} in the report's scope was deleted: choose the report's sites again.`,
    );
  }
  return pointsOfScope(db, organisationId, scope);
}

async function anyReadings(
  db: Database,
  organisationId: number,
  points: number[],
  from: Date | string,
  to: Date | string,
): Promise<boolean> {
  const row = await db
    .selectFrom('readings')
    .select('data_point_id')
    .where('organisation_id', '=', organisationId)
    .where('data_point_id', 'in', points)
    .where('ts', '>=', new Date(from))
    .where('ts', '<', new Date(to))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function logoOf(storage: ObjectStorage, key: string | null): Promise<Buffer | undefined> {
  if (!key) return undefined;
  // A logo that cannot be read leaves the header with the name alone rather than failing the report.
  return storage.get(key).catch(() => undefined);
}

async function setProgress(db: Database, runId: number, percent: number): Promise<void> {
  await db.updateTable('report_runs').set({ progress: percent }).where('id', '=', runId).execute();
}

/**
 * A passing failure goes back to the queue until its attempts are spent; a
 * problem with the report itself (or the last attempt) fails the run, the
 * reason kept in its history.
 */
async function recordFailure(db: Database, run: RunRow, error: unknown): Promise<void> {
  const transient = error instanceof PrintFailure ? error.transient : !(error instanceof RunProblem);
  const message =
    error instanceof PrintFailure || error instanceof RunProblem
      ? error.message
      : `The report could not be made: ${(error as Error).message}`;
  const again = transient && run.attempts < PRINT_ATTEMPTS;
  await db
    .updateTable('report_runs')
    .set(
      again
        ? {
            status: 'queued',
            progress: 0,
            error: `${message} (attempt ${run.attempts} of ${PRINT_ATTEMPTS}; trying again)`,
          }
        : { status: 'failed', progress: 0, error: message, finished_at: new Date() },
    )
    .where('id', '=', run.id)
    .execute();
}
