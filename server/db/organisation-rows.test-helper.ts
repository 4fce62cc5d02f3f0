import { sql } from 'kysely';
import type { Database } from './database';

/**
 * Every row of one organisation, by table, in a stable order: rows with its
 * organisation_id, rows of its data points (readings, rollups, formula
 * inputs) and rows of its users (sessions, profiles). Two snapshots compare
 * equal when nothing of the organisation was written in between.
 */
export async function organisationRows(
  db: Database,
  organisationId: number,
): Promise<Record<string, string[]>> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and column_name in ('organisation_id', 'data_point_id', 'user_id')
  `.execute(db);
  const byTable = new Map<string, Set<string>>();
  for (const { table_name: table, column_name: column } of columns) {
    byTable.set(table, (byTable.get(table) ?? new Set()).add(column));
  }
  const snapshot: Record<string, string[]> = {};
  for (const [table, has] of [...byTable].sort(([x], [y]) => x.localeCompare(y))) {
    const owner = has.has('organisation_id')
      ? sql`organisation_id = ${organisationId}`
      : has.has('data_point_id')
        ? sql`data_point_id in (select id from data_points where organisation_id = ${organisationId})`
        : sql`user_id in (select id from users where organisation_id = ${organisationId})`;
    const { rows } = await sql<{ row: string }>`
      select row_to_json(t)::text as row from ${sql.table(table)} t where ${owner} order by 1
    `.execute(db);
    snapshot[table] = rows.map(({ row }) => row);
  }
  return snapshot;
}
