import { sql } from 'kysely';
import type { Database } from './database';

/**
 * Counts every row written to the application's tables, by table, with a
 * trigger on each: a test asks for the counts before and after a request to
 * see whether it wrote anything. Test databases only.
 */
export async function installWriteLog(db: Database): Promise<() => Promise<Record<string, number>>> {
  await sql`create table test_write_log (table_name text not null)`.execute(db);
  await sql`
    create function test_log_write() returns trigger language plpgsql as $$
    begin
      -- A partition's rows (readings_2026) are counted as their table's (readings).
      insert into test_write_log values (coalesce(
        (select parent.relname from pg_inherits join pg_class parent on parent.oid = pg_inherits.inhparent
         where pg_inherits.inhrelid = TG_RELID),
        TG_TABLE_NAME));
      return null;
    end $$
  `.execute(db);
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    join pg_class on pg_class.relname = table_name and pg_class.relnamespace = current_schema()::regnamespace
    -- A trigger on a partitioned table is on its partitions too.
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'test_write_log'
      and not pg_class.relispartition
  `.execute(db);
  for (const { table_name: table } of rows) {
    await sql`
      create trigger test_log_write after insert or update or delete on ${sql.table(table)}
      for each row execute function test_log_write()
    `.execute(db);
  }
  return async () => {
    const counts = await sql<{ table_name: string; writes: number }>`
      select table_name, count(*)::int as writes from test_write_log group by table_name
    `.execute(db);
    return Object.fromEntries(counts.rows.map((row) => [row.table_name, row.writes]));
  };
}
