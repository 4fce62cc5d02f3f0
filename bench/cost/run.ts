/**
 * npm run bench:cost — what tariffCostAndTime takes to price stored data and give its CO2, against the same pricing over the
 * readings held in Float64Arrays (the lower bound: tariffCost with nothing to read), in the same run, on
 * PGlite and, when TEST_DATABASE_URL is set, PostgreSQL. The data is the ingestion benchmark's (quarter-hour
 * readings from 2023, Europe/London, written through the product's store so the rollups exist); the tariff
 * has time-of-use windows, tiers, a standing charge, a demand charge and VAT. Cases:
 * (a) 50 points × 1 year, monthly (read from the hourly rollups and the days' peaks);
 * (b) 1 point × 1 year, hourly, time-of-use (the hourly rollups);
 * (c) 1 point × 1 year priced by a day-ahead price that changes on the half hour, hourly (the quarter-hour
 *     readings themselves: an hour's readings take two prices);
 * (d) the same with the price changing on the hour, as hourly day-ahead auctions' do (the hourly rollups).
 * Each figure is the median of RUNS calls of the server's pointCosts (its queries, pricing and CO2 by the
 * versions' emission factor; no HTTP).
 */

import type { Database } from '../../server/db/database.ts';
import { writeReadings } from '../../server/readings/write-readings.ts';
import { pointCosts } from '../../server/tariffs/point-costs.ts';
import { createTariff } from '../../server/tariffs/save-tariff.ts';
import { type PriceSeries, tariffCost } from '../../server/tariffs/tariff-cost.ts';
import type { TariffCostAndTimeRequest, TariffVersion } from '../../src/generated/api-types.ts';
import { benchEngines, type Engine, openEngine, settleAfterLoad } from '../explorer/engine.ts';
import { createBenchUser, loadPoints, TIME_ZONE } from '../explorer/load-data.ts';
import { median, reportResult, round } from '../results-file.ts';

const RUNS = 5;
const GOAL_RATIO = 3;
const FROM = Date.UTC(2023, 0, 1);
const TO = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

/** Where a day-ahead price's hours start: on the hour, or on the half hour. */
type PriceHours = 'onTheHour' | 'onTheHalfHour';

interface BenchCase {
  id: 'a' | 'b' | 'c' | 'd';
  label: string;
  points: number;
  bucket: TariffCostAndTimeRequest['bucket'];
  /** Priced by a day-ahead price (with its hours starting so), else by time-of-use windows. */
  dynamic?: PriceHours;
}

const CASES: BenchCase[] = [
  { id: 'a', label: '50 points × 1 year, monthly', points: 50, bucket: 'month' },
  { id: 'b', label: '1 point × 1 year, hourly, time-of-use', points: 1, bucket: 'hour' },
  {
    id: 'c',
    label: '1 point × 1 year, hourly, day-ahead price on the half hour',
    points: 1,
    bucket: 'hour',
    dynamic: 'onTheHalfHour',
  },
  {
    id: 'd',
    label: '1 point × 1 year, hourly, day-ahead price on the hour',
    points: 1,
    bucket: 'hour',
    dynamic: 'onTheHour',
  },
];

const grid = (window: (month: number, hour: number) => number) =>
  Array.from({ length: 12 }, (_, month) => Array.from({ length: 24 }, (_, hour) => window(month, hour)));

function timeOfUse(dynamicPoint?: number): TariffVersion {
  return {
    validFrom: '2022-01-01',
    validTo: null,
    windows: [
      {
        name: 'Off-peak',
        tiers: [
          { upTo: 20_000, price: 0.21 },
          { upTo: null, price: 0.18 },
        ],
      },
      { name: 'Peak', tiers: [{ upTo: null, price: 0.34 }] },
    ],
    schedule: {
      weekday: grid((month, hour) => (hour >= (month < 3 || month > 9 ? 7 : 8) && hour < 19 ? 1 : 0)),
      weekend: grid(() => 0),
    },
    holidays: ['2023-01-02', '2023-04-07', '2023-04-10', '2023-12-25', '2023-12-26'],
    standingPerDay: 0.85,
    demandPerKw: 9.5,
    taxes: [{ name: 'VAT', percent: 20 }],
    emissions: { kgPerUnit: 0.207 },
    ...(dynamicPoint ? { dynamic: { dataPointId: dynamicPoint, adder: 0.015 } } : {}),
  };
}

interface Measured {
  engine: Engine;
  benchCase: BenchCase;
  ms: number;
  boundMs: number;
  ratio: number;
  readings: number;
  agree: boolean;
}

async function benchEngine(engine: Engine): Promise<Measured[]> {
  const log = (message: string) => console.log(`${engine}: ${message}`);
  const handle = await openEngine(engine);
  try {
    const user = await createBenchUser(handle.db);
    // A third of the ingestion benchmark's points are temperatures: 78 give 52 meters, the 50 of case (a)
    // on the time-of-use tariff and one on each day-ahead price.
    const loaded = await loadPoints(handle.db, user.organisationId, 78, log);
    const meters = loaded.filter((point) => point.kind !== 'instantaneous').map((point) => point.id);
    const prices = {
      onTheHalfHour: await dayAheadPrices(
        handle.db,
        user.organisationId,
        meters[0] as number,
        'onTheHalfHour',
      ),
      onTheHour: await dayAheadPrices(handle.db, user.organisationId, meters[0] as number, 'onTheHour'),
    };
    await settleAfterLoad(handle);
    const owner = { organisationId: user.organisationId, userId: await userId(handle.db, user.email) };
    const base = { utility: 'electricity' as const, unit: 'kWh', currency: 'GBP' };
    await createTariff(handle.db, owner, {
      ...base,
      name: 'Time of use',
      versions: [timeOfUse()],
      assignments: [{ kind: 'organisation' }],
    });
    const dynamicPoints = { onTheHalfHour: meters[51] as number, onTheHour: meters[50] as number };
    for (const hours of ['onTheHalfHour', 'onTheHour'] as const) {
      await createTariff(handle.db, owner, {
        ...base,
        name: `Day-ahead, ${hours}`,
        versions: [timeOfUse(prices[hours].id)],
        assignments: [{ kind: 'dataPoint', id: dynamicPoints[hours] }],
      });
    }
    const measured: Measured[] = [];
    for (const benchCase of CASES) {
      const { dynamic } = benchCase;
      const ids = dynamic ? [dynamicPoints[dynamic]] : meters.slice(0, benchCase.points);
      const series = dynamic ? prices[dynamic].series : undefined;
      const entry = await measureCase(handle.db, user.organisationId, engine, benchCase, ids, series);
      log(
        `(${benchCase.id}) ${benchCase.label}: ${round(entry.ms, 1)} ms vs bound ${round(entry.boundMs, 2)} ms (×${entry.ratio}), ${entry.readings} readings, ${entry.agree ? 'totals agree' : 'TOTALS DISAGREE'}`,
      );
      measured.push(entry);
    }
    return measured;
  } finally {
    await handle.close();
  }
}

async function userId(db: Database, email: string): Promise<string> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** An hourly day-ahead price in GBP/kWh for 2023, its hours starting as asked, below zero on some nights. */
async function dayAheadPrices(db: Database, organisationId: number, beside: number, hours: PriceHours) {
  const entity = await db
    .selectFrom('data_points')
    .select('entity_id')
    .where('id', '=', beside)
    .executeTakeFirstOrThrow();
  const point = await db
    .insertInto('data_points')
    .values({
      organisation_id: organisationId,
      entity_id: entity.entity_id,
      name: `Day-ahead price, ${hours}`,
      intent: 'other',
      unit: 'GBP/kWh',
      kind: 'instantaneous',
      time_zone: TIME_ZONE,
      updated_at: new Date(),
    })
    .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
    .executeTakeFirstOrThrow();
  const ts: number[] = [];
  const price: number[] = [];
  for (let at = FROM - (hours === 'onTheHour' ? HOUR : HOUR / 2); at < TO; at += HOUR) {
    const hour = new Date(at).getUTCHours();
    ts.push(at);
    price.push(
      Math.round(
        (0.09 + 0.08 * Math.sin((hour / 24) * 2 * Math.PI) + ((at / HOUR) % 7) * 0.01 - 0.05) * 10_000,
      ) / 10_000,
    );
  }
  await writeReadings(db, point, { ts, values: price });
  return { id: point.id, series: { ts, price } satisfies PriceSeries };
}

async function measureCase(
  db: Database,
  organisationId: number,
  engine: Engine,
  benchCase: BenchCase,
  ids: number[],
  prices: PriceSeries | undefined,
): Promise<Measured> {
  const request: TariffCostAndTimeRequest = {
    dataPointIds: ids,
    from: new Date(FROM).toISOString(),
    to: new Date(TO).toISOString(),
    bucket: benchCase.bucket,
  };
  // The bound's data: each point's readings in memory, read before the clock starts.
  const held = await Promise.all(ids.map((id) => heldReadings(db, organisationId, id)));
  const versions = [timeOfUse(prices ? 1 : undefined)];
  const priceMap = new Map(prices ? [[1, prices]] : []);
  const bound = () =>
    held.map((series) =>
      tariffCost({
        series,
        versions,
        timeZone: TIME_ZONE,
        from: FROM,
        to: TO,
        bucket: benchCase.bucket,
        prices: priceMap,
      }),
    );

  let answer = await pointCosts(db, organisationId, request);
  let lower = bound();
  const times: number[] = [];
  const boundTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    answer = await pointCosts(db, organisationId, request);
    times.push(performance.now() - started);
    started = performance.now();
    lower = bound();
    boundTimes.push(performance.now() - started);
  }
  const ours = answer.points.reduce((sum, point) => sum + point.total, 0);
  const theirs = lower.reduce((sum, result) => sum + result.total, 0);
  const ms = median(times);
  const boundMs = median(boundTimes);
  return {
    engine,
    benchCase,
    ms,
    boundMs,
    ratio: round(ms / boundMs, 2),
    readings: held.reduce((sum, series) => sum + series.ts.length, 0),
    agree: Math.abs(ours - theirs) <= 1e-9 * Math.max(1, Math.abs(theirs)),
  };
}

async function heldReadings(db: Database, organisationId: number, id: number) {
  const rows = await db
    .selectFrom('readings')
    .select(['ts', 'delta'])
    .where('organisation_id', '=', organisationId)
    .where('data_point_id', '=', id)
    .where('ts', '>=', new Date(FROM))
    .where('ts', '<', new Date(TO))
    .where('delta', 'is not', null)
    .orderBy('ts')
    .execute();
  const ts = new Float64Array(rows.length);
  const used = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    ts[index] = new Date(row.ts).getTime();
    used[index] = row.delta as number;
  });
  return { ts, used };
}

async function main(): Promise<void> {
  const { engines, note } = benchEngines();
  if (note) console.log(note);
  const measured: Measured[] = [];
  for (const engine of engines) measured.push(...(await benchEngine(engine)));
  const metrics: Record<string, number> = {};
  const reference: Record<string, number> = {};
  for (const { engine, benchCase, ms, boundMs, ratio, readings, agree } of measured) {
    const key = `${engine}Case${benchCase.id.toUpperCase()}`;
    metrics[`${key}Ms`] = round(ms, 2);
    metrics[`${key}Ratio`] = ratio;
    metrics[`${key}Readings`] = readings;
    metrics[`${key}TotalsAgree`] = agree ? 1 : 0;
    reference[`${key}BoundMs`] = round(boundMs, 2);
  }
  const worst = measured.reduce((most, entry) => (entry.ratio > most.ratio ? entry : most));
  const allAgree = measured.every((entry) => entry.agree);
  reportResult(
    {
      name: 'cost',
      metrics,
      reference,
      ratio: worst.ratio,
      goal: `tariffCostAndTime ≤ ${GOAL_RATIO}× the same pricing over readings held in Float64Arrays, every case and engine, totals equal`,
      goalMet: worst.ratio <= GOAL_RATIO && allAgree,
    },
    `bench:cost (${engines.join(', ')}): ${measured
      .map(
        (entry) =>
          `${entry.engine} (${entry.benchCase.id}) ${round(entry.ms, 1)} ms vs ${round(entry.boundMs, 1)} ms ×${entry.ratio}`,
      )
      .join('; ')}; worst ×${worst.ratio}; totals ${allAgree ? 'agree' : 'DISAGREE'}`,
    `≤ ${GOAL_RATIO}×, totals equal`,
  );
}

main().catch((error: Error) => {
  console.error(`bench:cost failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
