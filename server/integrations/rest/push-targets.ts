import type { Database } from '../../db/database';
import type { PushTarget, PushTargets } from './check-readings';

/** The organisation's points that the readings name, fetched once however many readings name them. */
export async function pushTargets(
  db: Database,
  organisationId: number,
  named: readonly (number | string)[],
): Promise<PushTargets> {
  const names = new Set<string>();
  const ids = new Set<number>();
  let previous: number | string | undefined;
  for (const dataPoint of named) {
    // A batch names its points in runs: each run is looked at once.
    if (dataPoint === previous) continue;
    previous = dataPoint;
    if (typeof dataPoint === 'number') {
      if (Number.isSafeInteger(dataPoint) && dataPoint > 0 && dataPoint < 2 ** 31) ids.add(dataPoint);
      continue;
    }
    names.add(dataPoint);
    // A name of digits may be an id (see checkReadings).
    if (/^\d{1,9}$/.test(dataPoint)) ids.add(Number(dataPoint));
  }
  if (names.size === 0 && ids.size === 0) return { byId: new Map(), byName: new Map() };
  const rows: PushTarget[] = await db
    .selectFrom('data_points')
    .select(['id', 'name', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
    .where('organisation_id', '=', organisationId)
    // Virtual points are computed from others; a push cannot write them.
    .where('source', '<>', 'virtual')
    .where((where) =>
      where.or([
        ...(ids.size > 0 ? [where('id', 'in', [...ids])] : []),
        ...(names.size > 0 ? [where('name', 'in', [...names])] : []),
      ]),
    )
    .execute();
  return {
    byId: new Map(rows.map((row) => [row.id, row])),
    byName: new Map(rows.map((row) => [row.name, row])),
  };
}
