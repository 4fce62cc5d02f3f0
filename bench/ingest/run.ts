/**
 * npm run bench:ingest [-- --scale 0.05] — 200 data points × 2 years of
 * 15-minute readings (about 14 M rows at scale 1) imported through the CSV
 * path (upload, dry-run-free import followed until done, rollups committed with the readings) and
 * the REST path (API key, batches of 35 040), over HTTP into the running API,
 * on PGlite and, when TEST_DATABASE_URL is set, PostgreSQL. Beside each, in
 * the same run and engine: a plain binary COPY of the same rows into a table
 * of the same shape (primary key included). Each side's input for a data
 * point is made before that point is timed: the CSV file and REST bodies as a
 * client would send them, and the COPY's rows already in its binary encoding.
 * So each side's time is its ingest alone: for the product, from the request
 * to its answer (rollups committed); for COPY, the statement with its data.
 * Reported: rows/s until the rollups are current, and its ratio to COPY's
 * rows/s; the headline ratio is the worst path on the worst engine.
 *
 * npm run bench:ingest -- --scale (no factor) — the size issue 44 asks about:
 * 1,000 data points × 3 years (105 M readings) through the product, half by
 * CSV and half by REST, on PostgreSQL alone, and 500 points' rows by COPY
 * beside them; results in bench/results/ingest-scale.json.
 */
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { localBillingProvider } from '../../server/billing/local-provider.ts';
import { EMBEDDED_POOL } from '../../server/config.ts';
import { copyRows } from '../../server/db/copy.ts';
import { CopyData } from '../../server/db/copy-data.ts';
import type { Database } from '../../server/db/database.ts';
import type { DataPointKind } from '../../server/db/tables.ts';
import { createOrganisationWithUser } from '../../server/demo/seed.ts';
import { embeddedIdentity } from '../../server/identity/identity-mode.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { partitionedYears, yearBounds } from '../../server/readings/partitions.ts';
import { localStorage } from '../../server/storage/object-storage.ts';
import { benchEngines, type Engine, openEngine } from '../explorer/engine.ts';
import { reportResult, round } from '../results-file.ts';
import { tempDir, withTempDirs } from '../temp-dirs.ts';
import {
  meterCsv,
  pointKind,
  QUARTER_HOUR,
  READINGS_PER_POINT,
  READINGS_PER_YEAR,
  readingValue,
  START,
} from './series.ts';

/** How much a run loads, and where. */
interface BenchSize {
  /** The results file's name. */
  name: string;
  /** Data points per side: the CSV path, the REST path and the reference's COPY each take this many. */
  points: number;
  readingsPerPoint: number;
  engines: Engine[];
  /** Why an engine is left out, to say so. */
  note?: string;
}

const REST_BATCH = 35_040;
const BENCH_EMAIL = 'bench@ingest.test';
const PASSWORD = 'Bench-password-1';
/** Issue 44's goal for the product's paths against COPY. */
const GOAL_RATIO = 0.75;
/** Progress is printed each time this share of a run's points is done. */
const PROGRESS_STEP = 0.05;

/** `--scale <factor>` shrinks or grows the usual run; `--scale` alone is the 100-million-reading run. */
function benchSize(argv: string[]): BenchSize {
  const flag = argv.indexOf('--scale');
  const factor = flag > 0 ? argv[flag + 1] : undefined;
  if (flag > 0 && (factor === undefined || factor.startsWith('--'))) return scaleRun();
  const scale = factor === undefined ? 1 : Number(factor);
  if (!(scale > 0))
    throw new Error(`--scale takes a positive factor (0.05 for a quick run), not "${factor}"`);
  return {
    name: 'ingest',
    points: Math.max(3, Math.round(200 * scale)),
    readingsPerPoint: READINGS_PER_POINT,
    ...benchEngines(),
  };
}

/** 1,000 data points × 3 years through the product, on PostgreSQL: PGlite keeps one database in one process's memory. */
function scaleRun(): BenchSize {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error(
      'bench:ingest --scale loads 100 million readings into PostgreSQL: set TEST_DATABASE_URL (for example postgresql://postgres@127.0.0.1:5432/test)',
    );
  }
  return {
    name: 'ingest-scale',
    points: 500,
    readingsPerPoint: 3 * READINGS_PER_YEAR,
    engines: ['postgres'],
  };
}

const size = benchSize(process.argv);
/** The readings a run puts through the product: both paths' points. */
const readingsThroughTheProduct = size.points * size.readingsPerPoint * 2;

interface PathResult {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

/** A site per prefix, straight into the database (set-up, not measured). */
async function createSite(db: Database, organisationId: number, prefix: string): Promise<number> {
  const site = await db
    .insertInto('entities')
    .values({
      organisation_id: organisationId,
      type: 'site',
      name: `${prefix} site`,
      time_zone: 'Europe/London',
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('entities').set({ site_id: site.id }).where('id', '=', site.id).execute();
  return site.id;
}

/**
 * `count` data points per path, named `<prefix> n` on the path's site, created
 * in the order they are fed (CSV 0, REST 0, CSV 1, ...). The readings key
 * starts with the point's id, so each point's rows then go in at the end of
 * the index, as the reference's do in its own table; points created path by
 * path would put every CSV point's rows in the middle, before all the REST
 * points', and measure the index's shape rather than the import.
 */
async function createPoints(db: Database, organisationId: number, count: number) {
  const prefixes = { csv: 'CSV meter', rest: 'REST meter' } as const;
  const sites = {
    csv: await createSite(db, organisationId, prefixes.csv),
    rest: await createSite(db, organisationId, prefixes.rest),
  };
  const points = { csv: [] as BenchPoint[], rest: [] as BenchPoint[] };
  for (let index = 0; index < count; index++) {
    const kind = pointKind(index);
    for (const path of ['csv', 'rest'] as const) {
      const name = `${prefixes[path]} ${index}`;
      const row = await db
        .insertInto('data_points')
        .values({
          organisation_id: organisationId,
          entity_id: sites[path],
          name,
          intent: kind === 'instantaneous' ? 'temperature' : 'electricity',
          unit: kind === 'instantaneous' ? '°C' : 'kWh',
          kind,
          time_zone: 'Europe/London',
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      points[path].push({ id: row.id, name, kind });
    }
  }
  return points;
}

interface BenchPoint {
  id: number;
  name: string;
  kind: DataPointKind;
}

/**
 * The reference's table: shaped and partitioned as readings is (a partition
 * per year it has, and one for the rest), so the reference's COPY routes each
 * row to its year as the product's writes do: the same table, bar its name.
 */
async function createReferenceTable(db: Database): Promise<void> {
  await sql`create table reference_readings (like readings including all) partition by range (ts)`.execute(
    db,
  );
  await sql`create table reference_readings_other partition of reference_readings default`.execute(db);
  for (const year of await partitionedYears(db)) {
    const { from, to } = yearBounds(year);
    await sql`create table ${sql.table(`reference_readings_${year}`)} partition of reference_readings
      for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(db);
  }
}

/** The readings' columns, key first, as the product's writer copies them (server/readings/write-readings.ts). */
const REFERENCE_COLUMNS = ['organisation_id', 'data_point_id', 'ts', 'value', 'delta', 'quality'] as const;

/** One data point's rows in COPY's binary format, for the reference's table shaped like readings. */
function referenceRows(
  position: number,
  point: { organisation_id: number; id: number; kind: DataPointKind },
): CopyData {
  const data = new CopyData();
  for (let index = 0; index < size.readingsPerPoint; index++) {
    data
      .row(6)
      .int4(point.organisation_id)
      .int4(point.id)
      .timestamptz(START + index * QUARTER_HOUR);
    data
      .float8(readingValue(position, index, point.kind))
      .float8(null)
      .int2(0);
  }
  return data;
}

/** The reference: one data point's rows, already encoded, in one binary COPY (primary key included). */
async function copyPoint(db: Database, rows: CopyData): Promise<number> {
  const started = performance.now();
  await copyRows(db, 'reference_readings', REFERENCE_COLUMNS, rows);
  return (performance.now() - started) / 1000;
}

/** One data point's rows as the REST path's request bodies, REST_BATCH readings each. */
function restBatches(
  position: number,
  point: { id: number; kind: DataPointKind },
): Uint8Array<ArrayBuffer>[] {
  const encoder = new TextEncoder();
  const bodies: Uint8Array<ArrayBuffer>[] = [];
  for (let from = 0; from < size.readingsPerPoint; from += REST_BATCH) {
    const readings = [];
    for (let index = from; index < Math.min(from + REST_BATCH, size.readingsPerPoint); index++) {
      readings.push({
        dataPoint: point.id,
        ts: START + index * QUARTER_HOUR,
        value: readingValue(position, index, point.kind),
      });
    }
    bodies.push(encoder.encode(JSON.stringify({ readings })));
  }
  return bodies;
}

/** The bench user's ID token, from the sign-in the app's login page uses. */
async function signIn(url: string, clientId: string): Promise<string> {
  const response = await fetch(`${url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: BENCH_EMAIL, PASSWORD },
    }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult
    .IdToken;
}

async function benchEngine(engine: Engine) {
  const handle = await openEngine(engine);
  const pool = { ...EMBEDDED_POOL, issuer: 'urn:insights:bench' };
  const app = await buildApp({
    db: handle.db,
    mailer: createMailer({ db: handle.db, smtpUrl: undefined, from: 'bench@insights', log: () => {} }),
    storage: localStorage(tempDir('insights-bench-files-')),
    identity: embeddedIdentity(handle.db, pool, '/cognito'),
    billing: localBillingProvider,
    publicUrl: 'http://127.0.0.1',
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const { organisationId } = await createOrganisationWithUser(handle.db, {
    email: BENCH_EMAIL,
    name: 'Bench',
    password: PASSWORD,
    organisationName: 'Ingest bench',
  });
  const { csv: csvPoints, rest: restPoints } = await createPoints(handle.db, organisationId, size.points);
  await createReferenceTable(handle.db);
  const encoder = new TextEncoder();
  /**
   * A position's inputs for the three sides, made before any of them is timed: making them is the client's
   * work. One position at a time, not the whole run's up front: at 100 million readings they would be about
   * 7 GB held at once.
   */
  const inputsAt = (position: number) => {
    const csvPoint = csvPoints[position] as BenchPoint;
    return {
      csvFile: encoder.encode(meterCsv(position, csvPoint.kind, size.readingsPerPoint)),
      restBodies: restBatches(position, restPoints[position] as BenchPoint),
      copyData: referenceRows(position, { ...csvPoint, organisation_id: organisationId }),
    };
  };

  const token = await signIn(url, pool.clientId);
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body:
        typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };

  const key = (await call('restApi', { name: 'bench' })) as { secret: string };

  /** One data point's rows as a meter file: upload, import, wait until done (rollups are committed with it). */
  async function importCsv(point: BenchPoint, file: Uint8Array<ArrayBuffer>): Promise<number> {
    const started = performance.now();
    const uploaded = await call(`meterfiles?name=${encodeURIComponent(point.name)}.csv`, file, {
      'content-type': 'text/csv',
    });
    const mapping = {
      timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
      value: { column: 'Value', unit: point.kind === 'instantaneous' ? '°C' : 'kWh' },
      dataPoint: { id: point.id },
    };
    const run = await call('dataImport', { fileId: uploaded.fileId, mapping });
    // Followed as the import page follows it: each ask is answered the moment the import ends.
    for (;;) {
      const { imports } = (await call('getUserDataImport', { importId: run.id, waitMs: 10_000 })) as {
        imports: { status: string; message: string }[];
      };
      const status = imports[0]?.status;
      if (status === 'done') break;
      if (status !== 'running') throw new Error(`import of ${point.name}: ${status}: ${imports[0]?.message}`);
    }
    return (performance.now() - started) / 1000;
  }

  /** One data point's rows pushed over REST in batches; each answer comes once its rollups are committed. */
  async function pushRest(bodies: Uint8Array<ArrayBuffer>[]): Promise<number> {
    const started = performance.now();
    for (const body of bodies) {
      const response = await fetch(`${url}/api/readings`, {
        method: 'POST',
        headers: { authorization: `ApiKey ${key.secret}`, 'content-type': 'application/json' },
        body,
      });
      if (!response.ok) throw new Error(`REST push: ${response.status} ${await response.text()}`);
    }
    return (performance.now() - started) / 1000;
  }

  // The three sides take turns point by point, so a slow spell of this shared machine falls on all of them.
  const seconds = { copy: 0, csv: 0, rest: 0 };
  const progressEvery = Math.max(1, Math.round(size.points * PROGRESS_STEP));
  for (let position = 0; position < size.points; position++) {
    const inputs = inputsAt(position);
    seconds.copy += await copyPoint(handle.db, inputs.copyData);
    seconds.csv += await importCsv(csvPoints[position] as BenchPoint, inputs.csvFile);
    seconds.rest += await pushRest(inputs.restBodies);
    if ((position + 1) % progressEvery === 0 && position + 1 < size.points) {
      const millions = (readings: number) => (readings / 1e6).toFixed(1);
      const done = (position + 1) * size.readingsPerPoint * 2;
      console.log(
        `${engine}: ${position + 1} of ${size.points} points a path, ${millions(done)} M of ${millions(readingsThroughTheProduct)} M readings through the product`,
      );
    }
  }
  const rows = size.points * size.readingsPerPoint;
  const as = (total: number): PathResult => ({
    rows,
    seconds: round(total, 1),
    rowsPerSecond: Math.round(rows / total),
  });
  const reference = as(seconds.copy);
  const csv = as(seconds.csv);
  const rest = as(seconds.rest);
  console.log(
    `${engine}: COPY ${reference.rowsPerSecond} rows/s, CSV ${csv.rowsPerSecond} rows/s, REST ${rest.rowsPerSecond} rows/s (${rows} rows each; imports timed until their rollups are committed)`,
  );
  const stored = await readingsStorage(handle.db);
  console.log(
    `${engine}: readings ${stored.tableMb} MB in ${stored.partitions} partitions, their indexes ${stored.indexMb} MB; vacuum (analyze) took ${stored.vacuumSeconds} s`,
  );

  await app.close();
  await handle.close();
  return { reference, csv, rest, stored };
}

/** The product's readings (both paths' rows) on disk, across its partitions, and what vacuuming them costs. */
async function readingsStorage(db: Database) {
  const started = performance.now();
  await sql`vacuum (analyze) readings`.execute(db);
  const vacuumSeconds = round((performance.now() - started) / 1000, 1);
  const { rows } = await sql<{ partitions: number; table_bytes: string; index_bytes: string }>`
    select count(*)::integer as partitions,
      coalesce(sum(pg_table_size(inhrelid)), 0)::text as table_bytes,
      coalesce(sum(pg_indexes_size(inhrelid)), 0)::text as index_bytes
    from pg_inherits where inhparent = 'readings'::regclass`.execute(db);
  const megabytes = (bytes: string | undefined) => round(Number(bytes ?? 0) / 1_048_576, 1);
  return {
    partitions: rows[0]?.partitions ?? 0,
    tableMb: megabytes(rows[0]?.table_bytes),
    indexMb: megabytes(rows[0]?.index_bytes),
    vacuumSeconds,
  };
}

async function main(): Promise<void> {
  const metrics: Record<string, number> = {
    dataPoints: size.points,
    readingsPerPoint: size.readingsPerPoint,
    readingsThroughTheProduct,
  };
  if (size.note) console.log(size.note);
  const reference: Record<string, number> = {};
  const ratios: { name: string; ratio: number }[] = [];
  for (const engine of size.engines) {
    const measured = await benchEngine(engine);
    reference[`${engine}CopyRowsPerSecond`] = measured.reference.rowsPerSecond;
    reference[`${engine}CopySeconds`] = measured.reference.seconds;
    metrics[`${engine}ReadingsTableMb`] = measured.stored.tableMb;
    metrics[`${engine}ReadingsIndexMb`] = measured.stored.indexMb;
    metrics[`${engine}VacuumSeconds`] = measured.stored.vacuumSeconds;
    for (const path of ['csv', 'rest'] as const) {
      metrics[`${engine}${path === 'csv' ? 'Csv' : 'Rest'}RowsPerSecond`] = measured[path].rowsPerSecond;
      metrics[`${engine}${path === 'csv' ? 'Csv' : 'Rest'}SecondsUntilRollupsCurrent`] =
        measured[path].seconds;
      const ratio = round(measured[path].rowsPerSecond / measured.reference.rowsPerSecond, 3);
      metrics[`${engine}${path === 'csv' ? 'Csv' : 'Rest'}Ratio`] = ratio;
      ratios.push({ name: `${engine} ${path}`, ratio });
    }
  }
  const worst = ratios.reduce((low, entry) => (entry.ratio < low.ratio ? entry : low));
  reportResult(
    {
      name: size.name,
      metrics,
      reference,
      ratio: worst.ratio,
      goal: `ratio ≥ ${GOAL_RATIO} of COPY rows/s (worst path, worst engine)`,
      goalMet: worst.ratio >= GOAL_RATIO,
    },
    `${size.name}: worst ${worst.name} at ${worst.ratio} of COPY (${ratios.map((entry) => `${entry.name} ${entry.ratio}`).join(', ')})`,
    `≥ ${GOAL_RATIO}`,
  );
}

await withTempDirs(main);
