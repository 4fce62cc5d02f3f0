import type {
  CostBucket,
  PointCost,
  TariffCostAndTimeRequest,
  TariffCostAndTimeResponse,
} from '../../src/generated/api-types';
import { organisationEntities, type PlacedEntity } from '../datapoints/entity-tree';
import type { Database } from '../db/database';
import { fieldError, notFound } from '../http/api-error';
import { type PricingTariff, pricedTariff } from './priced-tariff';
import { storedConsumption } from './stored-consumption';
import { type PriceSeries, seriesPointsOf, tariffCost } from './tariff-cost';

const DAY_MS = 86_400_000;
/** More hourly buckets than a year's would be more than a chart shows and an answer should carry. */
const MAX_DAYS: Record<TariffCostAndTimeRequest['bucket'], number> = { hour: 366, day: 3660, month: 36_600 };

/**
 * tariffCostAndTime: each data point's consumption in the range, priced by the tariff assigned nearest to it,
 * per local bucket of its own time zone.
 */
export async function pointCosts(
  db: Database,
  organisationId: number,
  request: TariffCostAndTimeRequest,
): Promise<TariffCostAndTimeResponse> {
  const from = Date.parse(request.from);
  const to = Date.parse(request.to);
  if (to <= from)
    throw fieldError('/to', `The range ends (${request.to}) before it starts (${request.from}).`);
  if (to - from > MAX_DAYS[request.bucket] * DAY_MS) {
    throw fieldError(
      '/to',
      `A range priced by ${request.bucket} can be at most ${MAX_DAYS[request.bucket]} days long: choose a larger bucket or a shorter range.`,
    );
  }
  const points = await db
    .selectFrom('data_points')
    .select(['id', 'name', 'entity_id', 'intent', 'unit', 'time_zone', 'formula'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', request.dataPointIds)
    .execute();
  const byId = new Map(points.map((point) => [point.id, point]));
  const missing = request.dataPointIds.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`data point ${missing}`);
  const entities = await organisationEntities(db, organisationId);
  const tariffs = await pricingTariffs(db, organisationId);

  const answers: PointCost[] = [];
  for (const [index, id] of request.dataPointIds.entries()) {
    const point = byId.get(id) as (typeof points)[number];
    if (point.formula) {
      throw fieldError(
        `/dataPointIds/${index}`,
        `"${point.name}" is a virtual data point: it keeps no readings to price. Price the points it is made of.`,
      );
    }
    const tariff = pricedTariff(tariffs, point, ancestry(entities, point.entity_id));
    const base = { dataPointId: id, unit: point.unit, timeZone: point.time_zone };
    const stored = await storedConsumption(db, id, point.time_zone, tariff?.versions ?? [], from, to);
    if (!tariff || tariff.unit !== point.unit) {
      const unpriced = Array.from(stored.series.used).reduce((sum, used) => sum + used, 0);
      answers.push({
        ...base,
        tariffId: tariff?.id ?? null,
        currency: tariff?.currency ?? null,
        buckets: [],
        total: 0,
        co2Kg: 0,
        unpriced,
      });
      continue;
    }
    const result = tariffCost({
      ...stored,
      versions: tariff.versions,
      timeZone: point.time_zone,
      from,
      to,
      bucket: request.bucket,
      prices: await priceSeries(db, organisationId, tariff, from, to),
    });
    answers.push({
      ...base,
      tariffId: tariff.id,
      currency: tariff.currency,
      buckets: result.buckets.map(
        (bucket): CostBucket => ({ ...bucket, start: new Date(bucket.start).toISOString() }),
      ),
      total: result.total,
      co2Kg: result.co2Kg,
      unpriced: result.unpriced,
    });
  }
  return { points: answers };
}

/** The entity a point hangs on and those above it, nearest first. */
function ancestry(entities: ReadonlyMap<number, PlacedEntity>, entityId: number): number[] {
  const chain: number[] = [];
  for (let id: number | null = entityId; id !== null && !chain.includes(id); ) {
    chain.push(id);
    id = entities.get(id)?.parentId ?? null;
  }
  return chain;
}

async function pricingTariffs(db: Database, organisationId: number): Promise<PricingTariff[]> {
  const [rows, assignments] = await Promise.all([
    db.selectFrom('tariffs').selectAll().where('organisation_id', '=', organisationId).execute(),
    db.selectFrom('tariff_assignments').selectAll().where('organisation_id', '=', organisationId).execute(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    utility: row.utility,
    unit: row.unit,
    currency: row.currency,
    versions: row.versions,
    assignments: assignments.filter((assignment) => assignment.tariff_id === row.id),
  }));
}

/** The readings of the tariff's price and intensity data points over the range, with the last price before it. */
async function priceSeries(
  db: Database,
  organisationId: number,
  tariff: PricingTariff,
  from: number,
  to: number,
): Promise<Map<number, PriceSeries>> {
  const ids = [...new Set(tariff.versions.flatMap(seriesPointsOf))];
  const series = new Map<number, PriceSeries>();
  for (const id of ids) {
    const owned = await db
      .selectFrom('data_points')
      .select('id')
      .where('id', '=', id)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!owned) continue;
    const before = await db
      .selectFrom('readings')
      .select(['ts', 'value'])
      .where('data_point_id', '=', id)
      .where('ts', '<=', new Date(from))
      .orderBy('ts', 'desc')
      .limit(1)
      .execute();
    const during = await db
      .selectFrom('readings')
      .select(['ts', 'value'])
      .where('data_point_id', '=', id)
      .where('ts', '>', new Date(from))
      .where('ts', '<', new Date(to))
      .orderBy('ts')
      .execute();
    const rows = [...before, ...during];
    series.set(id, {
      ts: rows.map((row) => new Date(row.ts).getTime()),
      price: rows.map((row) => row.value),
    });
  }
  return series;
}
