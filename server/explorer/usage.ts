import { sql } from 'kysely';
import type { UsageRank, UsageRequest, UsageResponse } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { storedHours } from '../readings/stored-hours';
import { unknownPoint } from './explorer-points';
import { MAX_PERIOD_YEARS, periodYears } from './span';

/**
 * usage: consumption in one unit, from the hourly rollups (exact for any
 * period of whole hours): ranked by data point or site with the period
 * before, or as the mean of each local hour of the week.
 */
export async function usage(
  db: Database,
  organisationId: number,
  body: UsageRequest,
): Promise<UsageResponse> {
  const from = Date.parse(body.from);
  const to = Date.parse(body.to);
  if (!(from < to)) throw fieldError('/to', 'The period must end after it starts: "to" is not after "from".');
  if (periodYears(from, to) > MAX_PERIOD_YEARS) {
    throw fieldError('/to', `The period is longer than ${MAX_PERIOD_YEARS} years; choose a shorter one.`);
  }
  const unit = body.unit ?? 'kWh';
  const points = await consumptionPoints(db, organisationId, unit, body);
  if (body.by === 'hourOfWeek') return hourOfWeek(db, organisationId, points, unit, from, to);
  const limit = body.limit ?? 10;
  const [current, previous] = await Promise.all([
    totals(db, organisationId, points, from, to),
    totals(db, organisationId, points, from - (to - from), from),
  ]);
  const total = [...current.values()].reduce((sum, value) => sum + value, 0);
  const ranking = body.by === 'site' ? bySite(points, current, previous) : byPoint(points, current, previous);
  return {
    unit,
    total,
    ranking: ranking
      .sort((a, b) => b.total - a.total)
      .slice(0, limit)
      .map((rank) => ({ ...rank, share: total > 0 ? Math.round((rank.total / total) * 1000) / 10 : 0 })),
  };
}

interface UsagePoint {
  id: number;
  name: string;
  siteId: number;
  site: string;
}

/** Stored consumption points in the unit (virtual ones would count their inputs twice). */
async function consumptionPoints(
  db: Database,
  organisationId: number,
  unit: string,
  body: UsageRequest,
): Promise<UsagePoint[]> {
  let query = db
    .selectFrom('data_points as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .innerJoin('entities as s', 's.id', 'e.site_id')
    .select(['p.id', 'p.name', 's.id as siteId', 's.name as site'])
    .where('p.organisation_id', '=', organisationId)
    .where('p.kind', '<>', 'instantaneous')
    .where('p.source', '<>', 'virtual')
    .where('p.unit', '=', unit);
  if (body.intent) query = query.where('p.intent', '=', body.intent);
  if (body.dataPointIds?.length) query = query.where('p.id', 'in', body.dataPointIds);
  const points = await query.execute();
  const missing = body.dataPointIds?.find((id) => !points.some((point) => point.id === id));
  if (missing !== undefined) throw unknownPoint(missing);
  return points;
}

async function totals(
  db: Database,
  organisationId: number,
  points: UsagePoint[],
  from: number,
  to: number,
): Promise<Map<number, number>> {
  if (points.length === 0) return new Map();
  const { rows } = await sql<{ id: number; total: number }>`
    select data_point_id as id, sum(consumption)::float8 as total
    from (${storedHours(
      organisationId,
      points.map((point) => point.id),
      new Date(from),
      new Date(to),
    )}) as h
    group by 1`.execute(db);
  return new Map(rows.map((row) => [row.id, row.total]));
}

type Rank = Omit<UsageRank, 'share'>;

function byPoint(points: UsagePoint[], current: Map<number, number>, previous: Map<number, number>): Rank[] {
  return points
    .filter((point) => current.has(point.id))
    .map((point) => ({
      id: point.id,
      name: point.name,
      site: point.site,
      total: current.get(point.id) as number,
      previousTotal: previous.get(point.id) ?? null,
    }));
}

function bySite(points: UsagePoint[], current: Map<number, number>, previous: Map<number, number>): Rank[] {
  const sites = new Map<number, Rank>();
  for (const point of points) {
    const now = current.get(point.id);
    if (now === undefined) continue;
    const site = sites.get(point.siteId) ?? {
      id: point.siteId,
      name: point.site,
      site: point.site,
      total: 0,
      previousTotal: null,
    };
    site.total += now;
    const before = previous.get(point.id);
    if (before !== undefined) site.previousTotal = (site.previousTotal ?? 0) + before;
    sites.set(point.siteId, site);
  }
  return [...sites.values()];
}

/** The mean, over the period's weeks, of each local hour of each weekday, all points summed per hour. */
async function hourOfWeek(
  db: Database,
  organisationId: number,
  points: UsagePoint[],
  unit: string,
  from: number,
  to: number,
): Promise<UsageResponse> {
  const rows =
    points.length === 0
      ? []
      : (
          await sql<{ weekday: number; hour: number; mean: number; total: number }>`
            with hours as (
              select h.hour, p.time_zone as zone, sum(h.consumption) as consumption
              from (${storedHours(
                organisationId,
                points.map((point) => point.id),
                new Date(from),
                new Date(to),
              )}) as h join data_points p on p.organisation_id = h.organisation_id and p.id = h.data_point_id
              group by 1, 2
            )
            select extract(isodow from hour at time zone zone)::int as weekday,
              extract(hour from hour at time zone zone)::int as hour,
              avg(consumption)::float8 as mean, sum(consumption)::float8 as total
            from hours group by 1, 2`.execute(db)
        ).rows;
  const cell = new Map(rows.map((row) => [`${row.weekday} ${row.hour}`, row.mean]));
  const cells = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++)
      cells.push({ weekday, hour, mean: cell.get(`${weekday} ${hour}`) ?? null });
  }
  return { unit, total: rows.reduce((sum, row) => sum + row.total, 0), cells };
}
