import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { PointKey } from './point-key';
import type { BookedStep } from './step-booking';
import type { StepChanges } from './write-steps';

/** A point's spread steps that book use in [span.from, span.to), in time order. */
export function spreadStepsIn(
  db: Database,
  point: PointKey,
  span: { from: number; to: number },
): Promise<SpreadStep[]> {
  return spreadStepsOf(db, point.organisation_id, [point.id], span);
}

/** A spread step as booking reads it, with its row's id and its data point. */
export type SpreadStep = BookedStep & { id: number; pointId: number };

/** The points' spread steps that book use in [span.from, span.to), by point, each point's in time order. */
export async function spreadStepsOf(
  db: Database,
  organisationId: number,
  pointIds: readonly number[],
  span: { from: number; to: number },
): Promise<SpreadStep[]> {
  if (pointIds.length === 0) return [];
  const rows = await db
    .selectFrom('register_steps')
    .select(['id', 'data_point_id', 'from_ts', 'to_ts', 'used', 'status'])
    .where('organisation_id', '=', organisationId)
    .where('data_point_id', 'in', pointIds)
    .where('status', '=', 'spread')
    .where('from_ts', '<', new Date(span.to))
    .where('to_ts', '>', new Date(span.from))
    .orderBy('data_point_id')
    .orderBy('from_ts')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    pointId: row.data_point_id,
    from: new Date(row.from_ts).getTime(),
    to: new Date(row.to_ts).getTime(),
    used: row.used,
    status: row.status,
  }));
}

/**
 * Writes what a write found: removes the rows it named, then inserts the steps
 * it found, refreshing those still open (a decided step keeps its choice).
 * Nothing is sent when nothing changed, which is nearly every write.
 */
export async function saveStepChanges(db: Database, point: PointKey, changes: StepChanges): Promise<void> {
  if (changes.remove.length > 0) {
    await sql`delete from register_steps
      where organisation_id = ${point.organisation_id} and id = any(${changes.remove}::int4[])`.execute(db);
  }
  const { save } = changes;
  if (save.length === 0) return;
  await sql`
    insert into register_steps
      (organisation_id, data_point_id, from_ts, to_ts, from_value, to_value, movement, kind, used, rate, typical_rate)
    select ${point.organisation_id}, ${point.id}, to_timestamp(f / 1000.0), to_timestamp(t / 1000.0), fv, tv, m, k, u, r, tr
    from unnest(${save.map((step) => step.from)}::float8[], ${save.map((step) => step.to)}::float8[],
                ${save.map((step) => step.fromValue)}::float8[], ${save.map((step) => step.toValue)}::float8[],
                ${save.map((step) => step.movement)}::text[], ${save.map((step) => step.kind)}::text[],
                ${save.map((step) => step.used)}::float8[], ${save.map((step) => step.rate)}::float8[],
                ${save.map((step) => step.typicalRate)}::float8[]) as s(f, t, fv, tv, m, k, u, r, tr)
    on conflict (organisation_id, data_point_id, from_ts) do update
      set to_ts = excluded.to_ts, from_value = excluded.from_value, to_value = excluded.to_value,
        movement = excluded.movement, kind = excluded.kind, used = excluded.used, rate = excluded.rate,
        typical_rate = excluded.typical_rate
      where register_steps.status = 'open'
  `.execute(db);
}
