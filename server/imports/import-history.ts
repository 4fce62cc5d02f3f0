import type { DataImportResponse } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { ImportProblem } from './import-mapping';
import type { ImportProgress } from './import-progress';

const HISTORY_LENGTH = 100;

/** The organisation's imports, newest first, or the one asked for; running ones with their progress. */
export async function importHistory(
  db: Database,
  progress: ImportProgress,
  organisationId: number,
  importId?: number,
): Promise<DataImportResponse[]> {
  let query = db
    .selectFrom('data_imports')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LENGTH);
  if (importId !== undefined) query = query.where('id', '=', importId);
  const rows = await query.execute();
  const running = progress.of(organisationId);
  return rows.map((row) => ({
    id: row.id,
    fileId: row.meter_file_id,
    fileName: row.file_name,
    source: row.source,
    status: row.status,
    skipBadRows: row.skip_bad_rows,
    rowsTotal: row.rows_total,
    rowsImported: row.rows_imported,
    rowsSkipped: row.rows_skipped,
    progress: row.status === 'running' ? 0 : 1,
    // A running import's counts are in memory, not yet in its row.
    ...(row.status === 'running' ? running.get(row.id) : undefined),
    problems: row.problems as ImportProblem[],
    message: row.message,
    suspiciousSteps: {
      count: row.suspicious_steps,
      first: (row.first_suspicious_step as DataImportResponse['suspiciousSteps']['first']) ?? null,
    },
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  }));
}
