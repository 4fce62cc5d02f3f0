import { sql } from 'kysely';
import type { BenchmarkingRequest, BenchmarkingResponse, SiteBenchmark } from '../../src/generated/api-types';
import { mainMeters } from '../datapoints/main-meters';
import { outdoorThermometers } from '../datapoints/outdoor-thermometers';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { ofPoint, type PointKey } from '../readings/point-key';
import { storedHours } from '../readings/stored-hours';
import { type BenchmarkStretch, benchmarkStretch } from './benchmark-year';
import { degreeDays } from './degree-days';
import { ownNormaliser } from './normalisers';

type Normaliser = BenchmarkingResponse['normaliser'];
type Measured = Pick<
  SiteBenchmark,
  | 'consumption'
  | 'previousConsumption'
  | 'degreeDays'
  | 'previousDegreeDays'
  | 'normaliserValue'
  | 'previousNormaliserValue'
>;

interface Site {
  id: number;
  name: string;
  timeZone: string;
  floorAreaM2: number | null;
}

interface Meter {
  id: number;
  siteId: number;
  /** The tags of the place it is on. */
  tags: string[];
}

/**
 * benchmarking: each site's consumption of a utility over its local year (to date) and the same stretch of the
 * year before, from the hourly rollups, normalised by floor area, by degree days of its outdoor temperature or by
 * a figure of the organisation's own (each year's value), worst first.
 */
export async function siteBenchmarks(
  db: Database,
  organisationId: number,
  request: BenchmarkingRequest,
  now: number = Date.now(),
): Promise<BenchmarkingResponse> {
  const unit = request.unit ?? 'kWh';
  const normaliser = request.normaliser ?? 'area';
  const year = request.year ?? new Date(now).getUTCFullYear();
  const custom = await customNormaliser(db, organisationId, request, normaliser);
  const [sites, meters, thermometers] = await Promise.all([
    organisationSites(db, organisationId),
    utilityMeters(db, organisationId, request.intent, unit),
    normaliser === 'heatingDegreeDays' || normaliser === 'coolingDegreeDays'
      ? outdoorThermometers(db, organisationId)
      : Promise.resolve(new Map<number, number>()),
  ]);
  const benchmarks = await Promise.all(
    sites.map(async (site) => {
      const stretch = benchmarkStretch(site.timeZone, year, now);
      const counted = mainMeters(meters.filter((meter) => meter.siteId === site.id));
      const ids = counted.meters.map((meter) => meter.id);
      const [consumption, previousConsumption] = await Promise.all([
        total(db, organisationId, ids, stretch.from, stretch.to),
        total(db, organisationId, ids, stretch.previousFrom, stretch.previousTo),
      ]);
      const thermometer = thermometers.get(site.id);
      const [days, previousDays] =
        thermometer !== undefined &&
        (normaliser === 'heatingDegreeDays' || normaliser === 'coolingDegreeDays')
          ? await siteDegreeDays(
              db,
              { organisation_id: organisationId, id: thermometer },
              stretch,
              normaliser,
              request.baseTemperature ?? 15.5,
            )
          : [null, null];
      const valueIn = (inYear: number) =>
        custom?.values.find((value) => value.siteId === site.id && value.year === inYear)?.value ?? null;
      return benchmarkOf(site, counted.main ? 'fiscal' : 'all', normaliser, {
        consumption,
        previousConsumption,
        degreeDays: days,
        previousDegreeDays: previousDays,
        normaliserValue: valueIn(year),
        previousNormaliserValue: valueIn(year - 1),
      });
    }),
  );
  return {
    unit,
    normaliser,
    year,
    ...(custom ? { custom: { id: custom.id, name: custom.name, unit: custom.unit } } : {}),
    sites: benchmarks.sort(worstFirst),
  };
}

/**
 * The organisation's own figure a custom benchmark is per, or none for the others. A figure named is checked
 * as the organisation's whatever the normaliser (another organisation's answers 404), so an id says nothing.
 */
async function customNormaliser(
  db: Database,
  organisationId: number,
  request: BenchmarkingRequest,
  normaliser: Normaliser,
) {
  const figure =
    request.normaliserId === undefined
      ? undefined
      : await ownNormaliser(db, organisationId, request.normaliserId);
  if (normaliser !== 'custom') return undefined;
  if (!figure) {
    throw fieldError(
      '/normaliserId',
      'Choose the figure to benchmark by: normaliser custom needs a normaliserId.',
    );
  }
  return figure;
}

function benchmarkOf(
  site: Site,
  meters: SiteBenchmark['meters'],
  normaliser: Normaliser,
  measured: Measured,
): SiteBenchmark {
  const divisor = (days: number | null, value: number | null) => {
    if (normaliser === 'none') return 1;
    if (normaliser === 'area') return site.floorAreaM2;
    return normaliser === 'custom' ? value : days;
  };
  const per = (amount: number | null, by: number | null) =>
    amount === null || by === null || by <= 0 ? null : amount / by;
  const intensity = per(measured.consumption, divisor(measured.degreeDays, measured.normaliserValue));
  let missing: SiteBenchmark['missing'] = null;
  if (measured.consumption === null) missing = 'readings';
  else if (intensity === null) missing = MISSING[normaliser];
  return {
    siteId: site.id,
    name: site.name,
    meters,
    floorAreaM2: site.floorAreaM2,
    ...measured,
    intensity,
    previousIntensity: per(
      measured.previousConsumption,
      divisor(measured.previousDegreeDays, measured.previousNormaliserValue),
    ),
    missing,
  };
}

/** Why a site with readings has no intensity, by what it is normalised by. */
const MISSING: Record<Normaliser, SiteBenchmark['missing']> = {
  none: null,
  area: 'floorArea',
  heatingDegreeDays: 'temperature',
  coolingDegreeDays: 'temperature',
  custom: 'normaliserValue',
};

function worstFirst(a: SiteBenchmark, b: SiteBenchmark): number {
  if (a.intensity !== null && b.intensity !== null) return b.intensity - a.intensity;
  if (a.intensity !== null) return -1;
  if (b.intensity !== null) return 1;
  return a.name.localeCompare(b.name);
}

async function organisationSites(db: Database, organisationId: number): Promise<Site[]> {
  const rows = await db
    .selectFrom('entities')
    .select(['id', 'name', 'time_zone', 'floor_area_m2'])
    .where('organisation_id', '=', organisationId)
    .where('type', '=', 'site')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    timeZone: row.time_zone ?? 'UTC',
    floorAreaM2: row.floor_area_m2,
  }));
}

/** Stored consumption meters of the intent in the unit (virtual ones would count their inputs twice), by site. */
async function utilityMeters(
  db: Database,
  organisationId: number,
  intent: string,
  unit: string,
): Promise<Meter[]> {
  const rows = await db
    .selectFrom('data_points as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .select(['p.id', 'e.site_id', 'e.tags'])
    .where('p.organisation_id', '=', organisationId)
    .where('p.intent', '=', intent)
    .where('p.unit', '=', unit)
    .where('p.kind', '<>', 'instantaneous')
    .where('p.source', '<>', 'virtual')
    .execute();
  return rows.flatMap((row) =>
    row.site_id === null ? [] : [{ id: row.id, siteId: row.site_id, tags: row.tags }],
  );
}

/** The points' consumption over [from, to), or null when they read nothing in it. */
async function total(
  db: Database,
  organisationId: number,
  ids: number[],
  from: number,
  to: number,
): Promise<number | null> {
  if (ids.length === 0 || to <= from) return null;
  const { rows } = await sql<{ total: number | null; hours: number }>`
    select sum(consumption)::float8 as total, count(*)::int as hours
    from (${storedHours(organisationId, ids, new Date(from), new Date(to))}) as h`.execute(db);
  const row = rows[0];
  return row && row.hours > 0 ? (row.total ?? 0) : null;
}

async function siteDegreeDays(
  db: Database,
  thermometer: PointKey,
  stretch: BenchmarkStretch,
  normaliser: 'heatingDegreeDays' | 'coolingDegreeDays',
  base: number,
): Promise<[number | null, number | null]> {
  const means = async ([first, last]: [string, string]) => {
    const { rows } = await sql<{ mean: number }>`
      select (value_sum / readings)::float8 as mean from readings_daily
      where ${ofPoint(thermometer)} and day >= ${first}::date and day <= ${last}::date and readings > 0`.execute(
      db,
    );
    return rows.map((row) => row.mean);
  };
  const kind = normaliser === 'heatingDegreeDays' ? 'heating' : 'cooling';
  const [now, before] = await Promise.all([means(stretch.days), means(stretch.previousDays)]);
  return [degreeDays(now, base, kind), degreeDays(before, base, kind)];
}
