import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GetPdfResponse } from '../../src/generated/api-types';
import { boundsOf } from '../../src/reports/report-period';
import type { Database } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { ObjectStorage } from '../storage/object-storage';

/** How long a link getPdf hands out works: long enough to open it, short enough that a forwarded one dies. */
export const PDF_LINK_SECONDS = 15 * 60;

/** Where the links point: a route of its own, beside /api, since a browser opens it without a token. */
export const PDF_LINK_PATH = '/report-files';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A short-lived link to a run's PDF, for a member of the run's organisation:
 * a random token, kept only as a hash. Another organisation's run is not
 * found; a run without a PDF (still being made, or failed) is a 409 saying so.
 */
export async function pdfLink(
  db: Database,
  organisationId: number,
  runId: number,
  now = new Date(),
): Promise<GetPdfResponse> {
  const run = await doneRun(db, organisationId, runId, { has: 'no PDF', gives: 'its PDF' });
  const { path, expiresAt } = await issuePdfLink(db, { organisationId, runId }, PDF_LINK_SECONDS, now);
  return {
    url: path,
    expiresAt: expiresAt.toISOString(),
    fileName: fileNameOf(run.title, run.period_from, run.period_to, run.time_zone),
    pages: run.pages ?? 1,
  };
}

/**
 * One of the organisation's runs that is done, with its report's title,
 * scope and zone: another organisation's run is not found, and one failed
 * or still being made is a 409 saying why it has nothing to give (`has`,
 * "no PDF") and when it will (`gives`, "its PDF").
 */
export async function doneRun(
  db: Database,
  organisationId: number,
  runId: number,
  words: { has: string; gives: string },
) {
  const run = await db
    .selectFrom('report_runs')
    .innerJoin('reports', 'reports.id', 'report_runs.report_id')
    .select([
      'report_runs.status',
      'report_runs.error',
      'report_runs.pdf_key',
      'report_runs.pages',
      'report_runs.period_from',
      'report_runs.period_to',
      'reports.title',
      'reports.scope',
      'reports.time_zone',
    ])
    .where('report_runs.organisation_id', '=', organisationId)
    .where('report_runs.id', '=', runId)
    .executeTakeFirst();
  if (!run) throw notFound(`report run ${runId}`);
  if (run.status === 'failed')
    throw new ApiError(409, `This run of the report failed, so it has ${words.has}: ${run.error}`);
  if (run.status !== 'done' || !run.pdf_key) {
    throw new ApiError(
      409,
      `This run of the report is still being made: ${words.gives} is there once it is done.`,
    );
  }
  return run;
}

/**
 * A new link to a run's PDF, working for `seconds`: a random token, kept
 * only as a hash. The path is the app's; a mail puts the public address
 * before it.
 */
export async function issuePdfLink(
  db: Database,
  { organisationId, runId }: { organisationId: number; runId: number },
  seconds: number,
  now = new Date(),
): Promise<{ path: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  await db
    .insertInto('report_links')
    .values({
      token_hash: hashOf(token),
      organisation_id: organisationId,
      run_id: runId,
      expires_at: expiresAt,
    })
    .execute();
  return { path: `${PDF_LINK_PATH}/${token}`, expiresAt };
}

/** "Head Office, monthly energy 2026-10-01 to 2026-10-31.pdf": what the download is saved as, without path characters. */
function fileNameOf(title: string, from: Date | string, to: Date | string, timeZone: string): string {
  return `${runFileStem(title, from, to, timeZone)}.pdf`;
}

/** "Head Office, monthly energy 2026-10-01 to 2026-10-31": a run's files' name, without path characters or extension. */
export function runFileStem(title: string, from: Date | string, to: Date | string, timeZone: string): string {
  const { firstDate, lastDate } = boundsOf(new Date(from).getTime(), new Date(to).getTime(), timeZone);
  const safe = title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').trim();
  return `${safe} ${firstDate} to ${lastDate}`;
}

/** The PDFs behind the links: a link unknown or expired is a 404, said as such, and a link is never extended. */
export async function pdfLinkRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Database; storage: ObjectStorage },
): Promise<void> {
  app.get<{ Params: { token: string } }>(`${PDF_LINK_PATH}/:token`, async (request, reply) => {
    const link = await db
      .selectFrom('report_links')
      .innerJoin('report_runs', 'report_runs.id', 'report_links.run_id')
      .innerJoin('reports', 'reports.id', 'report_runs.report_id')
      .select([
        'report_runs.pdf_key',
        'report_runs.period_from',
        'report_runs.period_to',
        'reports.title',
        'reports.time_zone',
      ])
      .where('report_links.token_hash', '=', hashOf(request.params.token))
      .where('report_links.expires_at', '>', new Date())
      .executeTakeFirst();
    const pdf = link?.pdf_key ? await storage.get(link.pdf_key) : undefined;
    if (!link || !pdf) {
      return reply.status(404).send({
        message: 'This link to a report has expired or does not exist: open the report again for a new one.',
      });
    }
    const name = fileNameOf(link.title, link.period_from, link.period_to, link.time_zone);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });
}
