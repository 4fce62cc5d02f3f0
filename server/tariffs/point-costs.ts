import { type Selectable, sql } from 'kysely';
import type {
  CostBucket,
  PointCost,
  TariffCostAndTimeRequest,
  TariffCostAndTimeResponse,
} from '../../src/generated/api-types';
import { DAY_MS } from '../../src/time/civil-time';
import { organisationEntities, type PlacedEntity, subtree } from '../datapoints/entity-tree';
import { mainMeters } from '../datapoints/main-meters';
import type { Database } from '../db/database';
import { packedRows, unpackRows } from '../db/packed-columns';
import type { Tables } from '../db/tables';
import { parseFormula } from '../explorer/virtual/formula';
import { fieldError, notFound } from '../http/api-error';
import { ofPoint } from '../readings/point-key';
import { type PricingTariff, pricedTariff } from './priced-tariff';
import { type StoredConsumption, storedConsumptions } from './stored-consumption';
import { type PriceSeries, seriesPointsOf, tariffCost } from './tariff-cost';
import { combinedCost, type LinearTerms, linearTerms } from './virtual-costs';

/** As many points as one request may name (the contract's dataPointIds' maxItems). */
const MAX_POINTS = 50;
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
  const entities = await organisationEntities(db, organisationId);
  const named = request.dataPointIds ?? [];
  const ofPlace =
    request.entityId === undefined ? [] : await placeMeters(db, organisationId, entities, request.entityId);
  const dataPointIds = [...new Set([...named, ...ofPlace])];
  if (dataPointIds.length > MAX_POINTS) {
    throw fieldError(
      '/entityId',
      `That is ${dataPointIds.length} data points in all, more than the ${MAX_POINTS} priced at once.`,
    );
  }
  const points = await organisationPoints(db, organisationId, dataPointIds);
  const missing = dataPointIds.find((id) => !points.has(id));
  if (missing !== undefined) throw notFound(`data point ${missing}`);
  const termsOf = await virtualTerms(db, organisationId, dataPointIds, points);
  // The stored points to price: those asked for, and those the virtual ones asked for add up.
  const storedIds = [...new Set(dataPointIds.flatMap((id) => [...(termsOf.get(id)?.keys() ?? [id])]))];
  if (storedIds.length > MAX_POINTS) {
    throw fieldError(
      '/dataPointIds',
      `The virtual data points asked for add up ${storedIds.length} stored ones in all, more than the ${MAX_POINTS} priced at once.`,
    );
  }
  const inputs = await organisationPoints(
    db,
    organisationId,
    storedIds.filter((id) => !points.has(id)),
  );
  for (const [id, point] of inputs) points.set(id, point);
  const costs = await storedCosts(
    db,
    organisationId,
    request.bucket,
    from,
    to,
    entities,
    storedIds.map((id) => points.get(id) as PricedPoint),
  );
  const costOf = (id: number) => costs.get(id) as PointCost;
  return {
    points: dataPointIds.map((id) => {
      const terms = termsOf.get(id);
      if (!terms) return costOf(id);
      const point = points.get(id) as PricedPoint;
      return combinedCost(
        { dataPointId: id, name: point.name, unit: point.unit, timeZone: point.time_zone },
        terms,
        costOf,
      );
    }),
  };
}

type PricedPoint = Pick<
  Selectable<Tables['data_points']>,
  'id' | 'name' | 'entity_id' | 'intent' | 'unit' | 'time_zone' | 'formula'
>;

/** The organisation's data points of these ids (others are left out), by id. */
async function organisationPoints(
  db: Database,
  organisationId: number,
  ids: readonly number[],
): Promise<Map<number, PricedPoint>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('data_points')
          .select(['id', 'name', 'entity_id', 'intent', 'unit', 'time_zone', 'formula'])
          .where('organisation_id', '=', organisationId)
          .where('id', 'in', [...ids])
          .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Each virtual point asked for as the stored points its formula adds up (linearTerms), read through the
 * organisation's other virtual points; refused at its place in the request when its formula is no such sum.
 */
async function virtualTerms(
  db: Database,
  organisationId: number,
  dataPointIds: readonly number[],
  points: ReadonlyMap<number, { name: string; formula: string | null }>,
): Promise<Map<number, LinearTerms>> {
  const termsOf = new Map<number, LinearTerms>();
  if (![...points.values()].some((point) => point.formula)) return termsOf;
  const formulas = new Map(
    (
      await db
        .selectFrom('data_points')
        .select(['id', 'formula'])
        .where('organisation_id', '=', organisationId)
        .where('formula', 'is not', null)
        .execute()
    ).map((row) => [row.id, parseFormula(row.formula as string, () => undefined)]),
  );
  dataPointIds.forEach((id, index) => {
    const formula = formulas.get(id);
    if (!formula) return;
    const terms = linearTerms(formula, (input) => formulas.get(input));
    if ('problem' in terms) {
      const { name } = points.get(id) as { name: string };
      throw fieldError(
        `/dataPointIds/${index}`,
        `"${name}" is a virtual data point priced as its points' costs added up, and ${terms.problem}. Price the points it is made of.`,
      );
    }
    termsOf.set(id, terms);
  });
  return termsOf;
}

/** Each stored point's cost over the range, priced by the tariff assigned nearest to it, by id. */
async function storedCosts(
  db: Database,
  organisationId: number,
  bucket: TariffCostAndTimeRequest['bucket'],
  from: number,
  to: number,
  entities: ReadonlyMap<number, PlacedEntity>,
  points: readonly PricedPoint[],
): Promise<Map<number, PointCost>> {
  const tariffs = await pricingTariffs(db, organisationId);
  const priced = points.map((point) => ({
    point,
    tariff: pricedTariff(tariffs, point, ancestry(entities, point.entity_id)),
  }));
  // Points of one tariff read its price and intensity series once, before their consumption: whether those
  // change only on the hour decides whether the hourly rollups price them (stored-consumption.ts).
  const pricesOf = new Map<number, Promise<Map<number, PriceSeries>>>();
  const pricesFor = (tariff: PricingTariff) => {
    let prices = pricesOf.get(tariff.id);
    if (!prices) {
      prices = priceSeries(db, organisationId, tariff, from, to);
      pricesOf.set(tariff.id, prices);
    }
    return prices;
  };
  const stored = await storedConsumptions(
    db,
    organisationId,
    await Promise.all(
      priced.map(async ({ point, tariff }) => ({
        pointId: point.id,
        timeZone: point.time_zone,
        versions: tariff?.versions ?? [],
        prices: tariff && tariff.unit === point.unit ? await pricesFor(tariff) : undefined,
      })),
    ),
    from,
    to,
  );
  const answers = new Map<number, PointCost>();
  for (const { point, tariff } of priced) {
    const base = { dataPointId: point.id, name: point.name, unit: point.unit, timeZone: point.time_zone };
    const consumption = stored.get(point.id) as StoredConsumption;
    if (!tariff || tariff.unit !== point.unit) {
      const unpriced = Array.from(consumption.series.used).reduce((sum, used) => sum + used, 0);
      answers.set(point.id, {
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
      ...consumption,
      versions: tariff.versions,
      timeZone: point.time_zone,
      from,
      to,
      bucket,
      prices: await pricesFor(tariff),
    });
    answers.set(point.id, {
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
  return answers;
}

/** Whether a tariff prices the stored data point in its own unit: without one its cost is unpriced. */
export async function isPriced(
  db: Database,
  organisationId: number,
  point: Pick<PricedPoint, 'id' | 'entity_id' | 'intent' | 'unit'>,
): Promise<boolean> {
  const entities = await organisationEntities(db, organisationId);
  const tariff = pricedTariff(
    await pricingTariffs(db, organisationId),
    point,
    ancestry(entities, point.entity_id),
  );
  return tariff !== undefined && tariff.unit === point.unit;
}

/** A place's stored consumption points that stand for it (mainMeters): those priced for an entityId. */
async function placeMeters(
  db: Database,
  organisationId: number,
  entities: ReadonlyMap<number, PlacedEntity>,
  entityId: number,
): Promise<number[]> {
  if (!entities.has(entityId)) throw notFound(`entity ${entityId}`);
  const rows = await db
    .selectFrom('data_points as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .select(['p.id', 'e.tags'])
    .where('p.organisation_id', '=', organisationId)
    .where('p.entity_id', 'in', [...subtree(entities, entityId)])
    .where('p.kind', '<>', 'instantaneous')
    .where('p.source', '<>', 'virtual')
    .orderBy('p.id')
    .execute();
  const meters = mainMeters(rows).meters.map((row) => row.id);
  if (meters.length > MAX_POINTS) {
    throw fieldError(
      '/entityId',
      `This place has ${meters.length} meters, more than the ${MAX_POINTS} priced at once: choose a place further down, or tag its main meters' places fiscal.`,
    );
  }
  return meters;
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
    const pricePoint = { organisation_id: organisationId, id };
    // The last price before the range and those in it (packed: see packed-columns.ts).
    const { rows } = await sql<{ rows: string }>`
      select ${packedRows(['ms', 'value'])} as rows from (
        select (date_part('epoch', ts) * 1000)::int8 as ms, value from (
          (select ts, value from readings where ${ofPoint(pricePoint)} and ts <= ${new Date(from)} order by ts desc limit 1)
          union all
          (select ts, value from readings where ${ofPoint(pricePoint)} and ts > ${new Date(from)} and ts < ${new Date(to)})
        ) as priced order by ts) as price`.execute(db);
    const [ts = [], price = []] = unpackRows(rows[0]?.rows ?? '', 2);
    series.set(id, { ts, price });
  }
  return series;
}
