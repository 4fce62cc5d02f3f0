import { sql } from 'kysely';
import type { Database } from '../db/database';
import { defineJob } from '../jobs/job';

/** Where readings of a year without a partition of its own land (migration 0039). */
const OTHER = 'readings_other';
/** Years this far from now keep to readings_other: a meter clock's 1970 is not worth a partition. */
const YEARS_AROUND = 50;

/** A year's partition: readings_2025 holds [2025-01-01, 2026-01-01) UTC. */
export function yearPartition(year: number): string {
  return `readings_${year}`;
}

/** A year's partition bounds, as PostgreSQL takes them: from its first instant (UTC), to the next year's. */
export function yearBounds(year: number): { from: string; to: string } {
  return {
    from: new Date(Date.UTC(year, 0, 1)).toISOString(),
    to: new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
  };
}

/** The years that have a partition of their own, in order. */
export async function partitionedYears(db: Database): Promise<number[]> {
  const { rows } = await sql<{ name: string }>`
    select child.relname as name
    from pg_inherits
    join pg_class child on child.oid = pg_inherits.inhrelid
    join pg_class parent on parent.oid = pg_inherits.inhparent
    join pg_namespace on pg_namespace.oid = parent.relnamespace
    where parent.relname = 'readings' and pg_namespace.nspname = current_schema()`.execute(db);
  return rows
    .map((row) => /^readings_(\d{4})$/.exec(row.name)?.[1])
    .filter((year): year is string => year !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * Gives this year and the next a partition ahead of time, and each year
 * found in readings_other (an import of meter data older than the
 * migration's ten years, say) one of its own, moving its rows there.
 * Returns the years it made. The years that had partitions from the start
 * keep readings_other small, so looking through it costs little.
 */
export async function ensureReadingPartitions(db: Database, now = new Date()): Promise<number[]> {
  const thisYear = now.getUTCFullYear();
  const have = new Set(await partitionedYears(db));
  const wanted = new Set([thisYear, thisYear + 1, ...(await yearsInOther(db, thisYear))]);
  const made: number[] = [];
  for (const year of [...wanted].sort((a, b) => a - b)) {
    if (have.has(year)) continue;
    await giveYearItsPartition(db, year);
    made.push(year);
  }
  return made;
}

/** The years readings_other holds rows of, within YEARS_AROUND of this one. */
async function yearsInOther(db: Database, thisYear: number): Promise<number[]> {
  const { rows } = await sql<{ year: number }>`
    select distinct extract(year from ts at time zone 'UTC')::integer as year
    from ${sql.table(OTHER)}`.execute(db);
  return rows.map((row) => row.year).filter((year) => Math.abs(year - thisYear) <= YEARS_AROUND);
}

/**
 * A partition for the year, its rows moved out of readings_other, in one
 * transaction. A partition cannot be made for a range the default partition
 * holds rows of, so the year's table is filled first and attached after;
 * writes to readings_other wait meanwhile (the attach takes its lock), and
 * those of the year's own wait until it is attached.
 */
async function giveYearItsPartition(db: Database, year: number): Promise<void> {
  const { from, to } = yearBounds(year);
  const table = sql.table(yearPartition(year));
  await db.transaction().execute(async (trx) => {
    // Nothing is written to readings_other while its rows of the year move.
    await sql`lock table ${sql.table(OTHER)} in share row exclusive mode`.execute(trx);
    await sql`create table ${table} (like readings including defaults including constraints)`.execute(trx);
    await sql`insert into ${table} select * from ${sql.table(OTHER)} where ts >= ${from} and ts < ${to}`.execute(
      trx,
    );
    await sql`delete from ${sql.table(OTHER)} where ts >= ${from} and ts < ${to}`.execute(trx);
    // Attached, the table gains the primary key's index (built once, on the year's rows).
    await sql`alter table readings attach partition ${table}
      for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
  });
}

/** The job: hourly, once however many server processes run, so a new year never starts without its partition. */
export function readingPartitionsJob(db: Database) {
  return defineJob({
    name: 'readings-partitions',
    schedule: { everySeconds: 60 * 60 },
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    run: async (_data, { log }) => {
      const made = await ensureReadingPartitions(db);
      if (made.length > 0) log(`made partitions of readings for ${made.join(', ')}`);
    },
  });
}
