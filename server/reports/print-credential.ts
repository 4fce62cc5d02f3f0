import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import type { Authenticator, Caller } from '../http/authenticate';

/**
 * How a print credential starts, so the API tells it from a user's token
 * (a JWT has no such prefix) without trying to verify it as one.
 */
const PRINT_TOKEN_PREFIX = 'insights-print.';

/** Long enough for the slowest report the renderer waits for (render-reports.ts gives up sooner). */
export const PRINT_TOKEN_SECONDS = 300;

/** Stands for the person behind a scheduled run whose report's author has left. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A credential for the renderer's Chromium to read one run's data with: the
 * report's organisation, as a viewer (it changes nothing), only while the run
 * is being printed and for a few minutes at most. Only its hash is stored;
 * the token itself goes to the print page in the URL's fragment, which no
 * server or log sees.
 */
export async function issuePrintToken(db: Database, runId: number, now = new Date()): Promise<string> {
  const token = `${PRINT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db
    .updateTable('report_runs')
    .set({
      print_token_hash: hashOf(token),
      print_expires_at: new Date(now.getTime() + PRINT_TOKEN_SECONDS * 1000),
    })
    .where('id', '=', runId)
    .execute();
  return token;
}

/** Ends a run's print credential, whatever became of the printing. */
export async function revokePrintToken(db: Database, runId: number): Promise<void> {
  await db
    .updateTable('report_runs')
    .set({ print_token_hash: null, print_expires_at: null })
    .where('id', '=', runId)
    .execute();
}

/**
 * The API's authenticator, taking print credentials besides users' tokens:
 * a print credential is the run's requester (or its report's author) as a
 * viewer of the report's organisation; an unknown, expired or finished one is
 * a 401 like any bad token.
 */
export function withPrintCredentials(db: Database, users: Authenticator): Authenticator {
  return async (request) => {
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token?.startsWith(PRINT_TOKEN_PREFIX)) return users(request);
    const run = await db
      .selectFrom('report_runs')
      .innerJoin('reports', 'reports.id', 'report_runs.report_id')
      .select(['report_runs.organisation_id', 'report_runs.requested_by', 'reports.created_by'])
      .where('report_runs.print_token_hash', '=', hashOf(token))
      .where('report_runs.print_expires_at', '>', new Date())
      .where('report_runs.status', '=', 'running')
      .executeTakeFirst();
    if (!run) return users(request);
    return printCaller(run.organisation_id, run.requested_by ?? run.created_by ?? NOBODY);
  };
}

function printCaller(organisationId: number, userId: string): Caller {
  return { userId, email: '', name: 'Report printer', organisationId, role: 'viewer' };
}
