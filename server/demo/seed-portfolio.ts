import { sql } from 'kysely';
import type { Database } from '../db/database';
import { type PointForWrite, writeBatches } from '../readings/readings-writer';
import { seedDemoRules } from './demo-rules';
import { DEMO_TARIFFS } from './demo-tariffs';
import {
  DEMO_PORTFOLIO,
  type DemoDataPoint,
  type DemoEntity,
  type DemoPortfolio,
} from './readings/portfolio';
import { generatePortfolio, QUARTER_HOUR_MS, type SeriesChunk } from './readings/series';

const DAY_MS = 86_400_000;

/** The generator's seed for the demo: the same readings on every install. */
export const DEMO_SEED = 2024;

export interface PortfolioSeedOptions {
  organisationId: number;
  /** Days of readings up to `now`; 730 (two years) unless given. 0 makes the places and feeds only. */
  days?: number;
  /** Epoch ms or a date; the readings end at the last quarter hour at or before it. Now unless given. */
  now?: number | Date;
  /** Progress lines ("demo data: 12/36 data points, 1.1 M readings"). */
  log?: (line: string) => void;
  /** Stops between batches: what is written stays, the rest is not written. */
  signal?: AbortSignal;
  /** Days of one point's readings per transaction (default 60): on PGlite a transaction holds the only connection. */
  batchDays?: number;
  portfolio?: DemoPortfolio;
}

export interface PortfolioSeedResult {
  dataPoints: number;
  readings: number;
  /** False when stopped by the signal before the last reading. */
  complete: boolean;
}

/** The readings' range [from, to): `days` whole days of quarter hours, the last at or before `now`. */
export function portfolioRange(now: number | Date, days: number): { from: number; to: number } {
  const to = Math.floor(Number(now) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS;
  return { from: to - days * DAY_MS, to };
}

/**
 * The demo estate for an organisation that has no places yet: the three
 * sites of `DEMO_PORTFOLIO` with their buildings, floors, zones, rooms and
 * meters, and their data points (in one transaction), then `days` of
 * generated 15-minute readings per point, a batch of `batchDays` per
 * transaction, so that requests get the database in between.
 *
 * Does nothing (answers undefined) when the organisation already has any
 * entity. That includes a seeding cut off by a stop: its places and feeds
 * stay, with the readings written so far (some points with none), and it is
 * not resumed; delete the organisation's sites to seed it again.
 */
export async function seedDemoPortfolio(
  db: Database,
  options: PortfolioSeedOptions,
): Promise<PortfolioSeedResult | undefined> {
  const { organisationId, log = () => {}, signal } = options;
  const portfolio = options.portfolio ?? DEMO_PORTFOLIO;
  const days = options.days ?? 730;
  const batchQuarters = Math.max(1, Math.round((options.batchDays ?? 60) * (DAY_MS / QUARTER_HOUR_MS)));
  if (!Number.isInteger(days) || days < 0) throw new Error(`days must be a whole number ≥ 0, not ${days}`);

  const points = await createPlaces(db, organisationId, portfolio);
  if (!points) return undefined;
  if (days === 0) return { dataPoints: points.size, readings: 0, complete: true };

  const started = performance.now();
  const total = portfolio.dataPoints.length;
  let done = 0;
  let readings = 0;
  const { from, to } = portfolioRange(options.now ?? Date.now(), days);
  // The generator shares a site's weather and loads among its points: each point's chunks are written before the next is asked for.
  for (const { point, chunks } of generatePortfolio({ from, to, seed: DEMO_SEED }, portfolio)) {
    const target = points.get(point.key) as PointForWrite;
    for (const batch of batches(chunks, batchQuarters)) {
      if (signal?.aborted) {
        log(`demo data: stopped at ${done}/${total} data points, ${count(readings)} readings`);
        return { dataPoints: total, readings, complete: false };
      }
      await writeBatches(db, 'demo', [{ point: target, series: batch }]);
      readings += batch.ts.length;
      // Lets waiting requests (and their handlers' follow-up queries) run before the next batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
    done += 1;
    if (done % 5 === 0 && done < total)
      log(`demo data: ${done}/${total} data points, ${count(readings)} readings`);
  }
  await seedDemoRules(db, organisationId, points);
  const seconds = Math.round((performance.now() - started) / 1000);
  log(`demo data: ${done}/${total} data points, ${count(readings)} readings, done in ${seconds} s`);
  return { dataPoints: total, readings, complete: true };
}

/**
 * The places and data points, unless the organisation has places already;
 * answers the new points by their portfolio key. The organisation's row is
 * locked first, so two seedings at once make one estate.
 */
async function createPlaces(
  db: Database,
  organisationId: number,
  portfolio: DemoPortfolio,
): Promise<Map<string, PointForWrite> | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select id from organisations where id = ${organisationId} for update`.execute(trx);
    const existing = await trx
      .selectFrom('entities')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .limit(1)
      .executeTakeFirst();
    if (existing) return undefined;

    const entityIds = new Map<string, number>();
    const siteOfEntity = new Map<string, DemoEntity>();
    const now = new Date();
    const insert = async (
      entity: DemoEntity,
      parentId: number | null,
      site: DemoEntity,
      siteId: number | null,
    ) => {
      const row = await trx
        .insertInto('entities')
        .values({
          organisation_id: organisationId,
          parent_id: parentId,
          site_id: siteId,
          type: entity.type,
          name: entity.name,
          tags: entity.tags,
          address: entity.address ?? null,
          latitude: entity.latitude ?? null,
          longitude: entity.longitude ?? null,
          floor_area_m2: entity.floorAreaM2 ?? null,
          time_zone: entity.type === 'site' ? (entity.timeZone ?? null) : null,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      entityIds.set(entity.key, row.id);
      siteOfEntity.set(entity.key, site);
      return row.id;
    };
    const insertChildren = async (parent: DemoEntity, parentId: number, site: DemoEntity, siteId: number) => {
      for (const child of parent.children ?? []) {
        const id = await insert(child, parentId, site, siteId);
        await insertChildren(child, id, site, siteId);
      }
    };
    for (const site of portfolio.sites) {
      if (site.type !== 'site' || !site.timeZone)
        throw new Error(`${site.key} must be a site with a time zone`);
      const siteId = await insert(site, null, site, null);
      // A site is its own site: lists and time zones look entities up by site_id.
      await trx.updateTable('entities').set({ site_id: siteId }).where('id', '=', siteId).execute();
      await insertChildren(site, siteId, site, siteId);
    }

    const rows = portfolio.dataPoints.map((point) => {
      const entityId = entityIds.get(point.entityKey);
      const site = siteOfEntity.get(point.entityKey);
      if (entityId === undefined || !site?.timeZone)
        throw new Error(`${point.key}: no entity ${point.entityKey}`);
      return {
        organisation_id: organisationId,
        entity_id: entityId,
        name: pointName(point, site),
        intent: point.intent,
        unit: point.unit,
        kind: point.kind,
        interval_minutes: 15,
        register_max: point.registerMax ?? null,
        time_zone: site.timeZone,
        updated_at: now,
      };
    });
    const created = await trx
      .insertInto('data_points')
      .values(rows)
      .returning(['id', 'name', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .execute();
    await addDemoTariffs(trx, organisationId);
    const byName = new Map(created.map(({ name, ...point }) => [name, point]));
    return new Map(
      portfolio.dataPoints.map((point, index) => [
        point.key,
        byName.get(rows[index]?.name ?? '') as PointForWrite,
      ]),
    );
  });
}

/** Names are unique in an organisation, and each site has its "Gas" and "Water": the site's place name follows. */
export function pointName(point: DemoDataPoint, site: DemoEntity): string {
  const place = site.name.split(' – ')[0] ?? site.name;
  return `${point.name} (${place})`;
}

/** A point's weekly chunks joined into batches of at least `size` readings (the last may be smaller). */
function* batches(chunks: Iterable<SeriesChunk>, size: number): Generator<SeriesChunk> {
  let pending: SeriesChunk[] = [];
  let length = 0;
  const join = (): SeriesChunk => {
    const ts = new Float64Array(length);
    const values = new Float64Array(length);
    let at = 0;
    for (const chunk of pending) {
      ts.set(chunk.ts, at);
      values.set(chunk.values, at);
      at += chunk.ts.length;
    }
    pending = [];
    length = 0;
    return { ts, values };
  };
  for (const chunk of chunks) {
    pending.push(chunk);
    length += chunk.ts.length;
    if (length >= size) yield join();
  }
  if (length > 0) yield join();
}

function count(readings: number): string {
  if (readings >= 1_000_000) return `${(readings / 1_000_000).toFixed(1)} M`;
  if (readings >= 1_000) return `${Math.round(readings / 1_000)} k`;
  return String(readings);
}

/** The demo's tariffs, for the whole organisation, made with its places (see DEMO_TARIFFS). */
async function addDemoTariffs(trx: Database, organisationId: number): Promise<void> {
  for (const tariff of DEMO_TARIFFS) {
    const { id } = await trx
      .insertInto('tariffs')
      .values({
        organisation_id: organisationId,
        name: tariff.name,
        utility: tariff.utility,
        unit: tariff.unit,
        currency: tariff.currency,
        versions: JSON.stringify(tariff.versions),
        created_by: null,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('tariff_assignments')
      .values({
        tariff_id: id,
        organisation_id: organisationId,
        utility: tariff.utility,
        target_kind: 'organisation',
        entity_id: null,
        data_point_id: null,
      })
      .execute();
  }
}
