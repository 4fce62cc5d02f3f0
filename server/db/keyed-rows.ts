import { type RawBuilder, sql } from 'kysely';

/**
 * The condition for these rows of a table keyed by (organisation_id, id), as
 * alerts and what hangs off them are (migration 0040): each row found by its
 * key, where `id in (…)` alone would find none by an index.
 */
export function keyedRows(rows: readonly { organisation_id: number; id: number }[]): RawBuilder<boolean> {
  const organisations = rows.map((row) => row.organisation_id);
  const ids = rows.map((row) => row.id);
  return sql<boolean>`(organisation_id, id) in (select * from unnest(${organisations}::int4[], ${ids}::int4[]))`;
}
