import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { notFound } from '../http/api-error';

/** A data point as the explorer needs it: what it measures, how it is stored or computed, and its zone. */
export interface ExplorerPoint {
  id: number;
  /** Whose it is: the readings tables find a point's rows by its organisation first (readings/point-key.ts). */
  organisationId: number;
  name: string;
  unit: string;
  kind: DataPointKind;
  timeZone: string;
  intervalMinutes: number;
  /** For a virtual point, its formula with inputs as #id; null for a stored one. */
  formula: string | null;
}

/** The largest int4: ids beyond it name no point, and asking the database about them would be an error. */
const MAX_ID = 2 ** 31 - 1;

/** 404, not 403: the browser signs out on 403, and a saved view may name a point deleted since. */
export const unknownPoint = (id: number) => notFound(`data point ${id}`);

/** The organisation's points with these ids, in the order asked; refuses an id that is not one of them. */
export async function explorerPoints(
  db: Database,
  organisationId: number,
  ids: readonly number[],
): Promise<ExplorerPoint[]> {
  const tooLarge = ids.find((id) => id > MAX_ID);
  if (tooLarge !== undefined) throw unknownPoint(tooLarge);
  const rows = ids.length === 0 ? [] : await pointRows(db, organisationId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const point = byId.get(id);
    if (!point) throw unknownPoint(id);
    return point;
  });
}

/** Every point of the organisation, for resolving a formula's names and its virtual inputs. */
export async function organisationExplorerPoints(
  db: Database,
  organisationId: number,
): Promise<ExplorerPoint[]> {
  return pointRows(db, organisationId);
}

/**
 * The points as one JSON text: a request for hundreds of points is answered
 * before its chart, and PGlite decodes each row's columns for more than the
 * query costs (bench:explorer, case c: 1.0 against 2.4 ms for 200 points).
 */
async function pointRows(
  db: Database,
  organisationId: number,
  ids?: readonly number[],
): Promise<ExplorerPoint[]> {
  // One array parameter: hundreds of parameters cost PGlite more to bind than the query takes.
  const chosen = ids ? sql`and id = any(${[...ids]}::int[])` : sql``;
  const { rows } = await sql<{ points: string }>`
    select coalesce(json_agg(json_build_object(
      'id', id, 'organisationId', organisation_id, 'name', name, 'unit', unit, 'kind', kind, 'timeZone', time_zone,
      'intervalMinutes', interval_minutes, 'formula', formula) order by name), '[]')::text as points
    from data_points where organisation_id = ${organisationId} ${chosen}`.execute(db);
  return JSON.parse(rows[0]?.points ?? '[]') as ExplorerPoint[];
}
