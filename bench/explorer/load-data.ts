import type { Database } from '../../server/db/database.ts';
import type { DataPointKind } from '../../server/db/tables.ts';
import { createOrganisationWithUser } from '../../server/demo/seed.ts';
import { writeReadings } from '../../server/readings/write-readings.ts';
import { pointKind, QUARTER_HOUR, READINGS_PER_POINT, readingValue, START } from '../ingest/series.ts';

export const TIME_ZONE = 'Europe/London';
/** A year of quarter hours per write: the size of the ingestion benchmark's REST batches. */
const CHUNK = 35_040;

export interface BenchUser {
  email: string;
  password: string;
}

export interface LoadedPoint {
  id: number;
  kind: DataPointKind;
}

/** A member of a new organisation on an active plan, so the product's pages open for them. */
export async function createBenchUser(db: Database): Promise<BenchUser & { organisationId: number }> {
  const user = { email: 'bench@explorer.test', password: 'Bench-password-1' };
  const { organisationId } = await createOrganisationWithUser(db, {
    ...user,
    name: 'Bench',
    organisationName: 'Explorer bench',
  });
  return { ...user, organisationId };
}

/**
 * The ingestion benchmark's data: `count` points on one London site, each
 * with two years of quarter-hour readings, written through the product's
 * store so the hourly and daily rollups exist as they would after ingestion.
 */
export async function loadPoints(
  db: Database,
  organisationId: number,
  count: number,
  progress: (message: string) => void,
): Promise<LoadedPoint[]> {
  const siteId = await createSite(db, organisationId);
  const points: LoadedPoint[] = [];
  const started = performance.now();
  for (let position = 0; position < count; position++) {
    const point = await createPoint(db, organisationId, siteId, position);
    await writePointReadings(db, position, point);
    points.push(point);
    if ((position + 1) % 10 === 0 || position + 1 === count) {
      const seconds = Math.round((performance.now() - started) / 1000);
      const millions = (((position + 1) * READINGS_PER_POINT) / 1e6).toFixed(1);
      progress(`loaded ${position + 1}/${count} points (${millions} M readings, ${seconds} s)`);
    }
  }
  return points;
}

/** A site of the organisation's in TIME_ZONE, its own site, as the product makes one. */
export async function createSite(db: Database, organisationId: number): Promise<number> {
  const site = await db
    .insertInto('entities')
    .values({
      organisation_id: organisationId,
      type: 'site',
      name: 'Bench site',
      time_zone: TIME_ZONE,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('entities').set({ site_id: site.id }).where('id', '=', site.id).execute();
  return site.id;
}

async function createPoint(
  db: Database,
  organisationId: number,
  siteId: number,
  position: number,
): Promise<LoadedPoint> {
  const kind = pointKind(position);
  const row = await db
    .insertInto('data_points')
    .values({
      organisation_id: organisationId,
      entity_id: siteId,
      // Zero-padded, so the picker's order by name is the order of the cases.
      name: `Meter ${String(position).padStart(3, '0')}`,
      intent: kind === 'instantaneous' ? 'temperature' : 'electricity',
      unit: kind === 'instantaneous' ? '°C' : 'kWh',
      kind,
      time_zone: TIME_ZONE,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, kind };
}

/** One point's readings in year-long writes, each its own transaction, as a client pushing batches would. */
async function writePointReadings(db: Database, position: number, point: LoadedPoint): Promise<void> {
  for (let first = 0; first < READINGS_PER_POINT; first += CHUNK) {
    const length = Math.min(CHUNK, READINGS_PER_POINT - first);
    const ts = new Float64Array(length);
    const values = new Float64Array(length);
    for (let offset = 0; offset < length; offset++) {
      ts[offset] = START + (first + offset) * QUARTER_HOUR;
      values[offset] = readingValue(position, first + offset, point.kind);
    }
    await db.transaction().execute((trx) => writeReadings(trx, point, { ts, values }));
  }
}
