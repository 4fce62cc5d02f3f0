import { type RawBuilder, sql } from 'kysely';

/**
 * How the readings tables find a data point's rows: by its organisation,
 * then its id. Their keys start with the organisation (migration 0040), so a
 * query that names only the point would read the whole index; on a store
 * distributed by organisation, the organisation is also what routes the query
 * to the one node holding the rows (docs/scale.md). A data_points row is one.
 */
export interface PointKey {
  organisation_id: number;
  id: number;
}

/** A readings table's column, or with `alias` the alias's. */
function columnOf(alias: string | undefined, name: string) {
  return sql.ref(alias ? `${alias}.${name}` : name);
}

/**
 * The condition on a readings table (readings, readings_hours, readings_daily)
 * for one point's rows, on the table's columns or, with `alias`, on the alias's.
 */
export function ofPoint(point: PointKey, alias?: string): RawBuilder<boolean> {
  return sql<boolean>`${columnOf(alias, 'organisation_id')} = ${point.organisation_id} and ${columnOf(alias, 'data_point_id')} = ${point.id}`;
}

/**
 * The condition for the rows of several points of one organisation. The ids
 * go as one array parameter: hundreds of parameters cost PGlite more to bind
 * than the query takes (bench:explorer, case c).
 */
export function ofPoints(
  organisationId: number,
  pointIds: readonly number[],
  alias?: string,
): RawBuilder<boolean> {
  return sql<boolean>`${columnOf(alias, 'organisation_id')} = ${organisationId} and ${columnOf(alias, 'data_point_id')} = any(${[...pointIds]}::int4[])`;
}

/**
 * The condition for the rows of the point a query holds as `pointAlias`: a
 * data_points row, or any row with its organisation_id and id. For joins and
 * lateral reads over many points, whose organisations the query reads itself.
 */
export function ofPointRow(pointAlias: string, alias?: string): RawBuilder<boolean> {
  return sql<boolean>`${columnOf(alias, 'organisation_id')} = ${sql.ref(`${pointAlias}.organisation_id`)} and ${columnOf(alias, 'data_point_id')} = ${sql.ref(`${pointAlias}.id`)}`;
}
