import { sql } from 'kysely';
import { CopyData, type RowWriter, StreamedRows } from './copy-data';
import type { Database } from './database';

/**
 * Bulk-loads rows with COPY ... FROM STDIN in PostgreSQL's binary format, on
 * the connection (and inside the transaction) `db` stands for. Kysely has no
 * COPY, so the statement travels as `copy <table> (<columns>) from stdin with
 * (format binary) $1` with the data as its one parameter, and both pools
 * (pglite-pool.ts, pg-copy-pool.ts) recognise that shape and stream the
 * parameter as the COPY data. Binary, because formatting millions of
 * timestamps as text costs more than the database takes to load them.
 *
 * The rows are either built beforehand (a CopyData) or written by a function
 * while the COPY runs: PostgreSQL then loads each piece as the next is written,
 * instead of waiting for the last row before it starts.
 */
export async function copyRows(
  db: Database,
  table: string,
  columns: readonly string[],
  rows: CopyData | RowWriter,
): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || !columns.every((column) => /^[a-z_][a-z0-9_]*$/.test(column))) {
    throw new Error(`copyRows: ${table} (${columns.join(', ')}) is not a plain table and column list`);
  }
  if (rows instanceof CopyData && rows.rows === 0) return;
  const data = rows instanceof CopyData ? rows.finish() : new StreamedRows(rows);
  await sql`${sql.raw(`copy ${table} (${columns.join(', ')}) from stdin with (format binary)`)} ${data}`.execute(
    db,
  );
}
