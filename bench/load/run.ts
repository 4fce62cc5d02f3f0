/**
 * npm run bench:load — autocannon, 50 connections for 30 s per route
 * (BENCH_LOAD_CONNECTIONS, BENCH_LOAD_SECONDS), against the authenticated
 * POST /api/getDataPoint (every data point with its last value and coverage:
 * the Data Feeds page's request) and POST /api/sites, on PostgreSQL holding the
 * demo estate a first start makes (demo-estate.ts; DEMO_DAYS of readings, 730).
 * Beside each, in the same run and database, a bare Fastify route running that
 * endpoint's handler with none of the API's layers (bare-routes.ts).
 *
 * Every request is the demo user's, from one signed-in session per connection,
 * as if each connection were a browser tab of theirs: consecutive requests
 * carry different tokens, each verified before and its caller cached, which
 * the cache forgets now and then (the steady state bench:api calls warm).
 *
 * PostgreSQL is TEST_DATABASE_URL, this machine's
 * postgresql://postgres@127.0.0.1:5432/test unless set, in a schema of the
 * run's own, dropped at the end.
 *
 * Per route: requests per second (2xx answers) and p99, and the requests that
 * failed, by how (non-2xx, errors, timeouts). Goal: p99 under 250 ms on both
 * endpoints, each at ≥ 0.8× its bare route's throughput; the headline ratio is
 * the lower of the two. A failed request on either side fails the run (exit
 * code 1) once the results are written: the goal assumes none.
 */
import { EMBEDDED_POOL } from '../../server/config.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { type Load, type Outcome, outcomeOf } from '../api/load.ts';
import { startApp } from '../api/start-app.ts';
import { startSessions } from '../api/tenants.ts';
import { reportResult } from '../results-file.ts';
import { withTempDirs } from '../temp-dirs.ts';
import { bareRoutes, type LoadedEndpoint } from './bare-routes.ts';
import { seedDemoEstate } from './demo-estate.ts';
import { ENDPOINTS, loadsFor, type RoutePair } from './loads.ts';
import {
  failedRequests,
  failuresOf,
  GOAL_RATIO,
  type LoadFigures,
  loadResult,
  loadSummary,
  P99_GOAL_MS,
} from './report.ts';
import { checkSameAnswers } from './same-answers.ts';
import { type LoadSettings, readLoadSettings } from './settings.ts';

const POOL = { ...EMBEDDED_POOL, issuer: 'urn:insights:bench' };
// This machine's PostgreSQL, as .ci/run gives the server tests; openTestDatabase reads it from here.
process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/test';

/**
 * A warm-up of every route first, so none pays for JIT and connection set-up
 * in its measured run; then each endpoint, its bare route right after it.
 */
async function measure(
  loads: Record<LoadedEndpoint, RoutePair<Load>>,
  settings: LoadSettings,
): Promise<LoadFigures> {
  const shape = (seconds: number) => ({ seconds, connections: settings.connections });
  for (const endpoint of ENDPOINTS) {
    for (const load of [loads[endpoint].ours, loads[endpoint].bare]) {
      const warmUp = await outcomeOf(load, shape(settings.warmUpSeconds));
      if (failedRequests(warmUp) > 0)
        throw new Error(
          `${load.url} failed while warming up: ${warmUp.non2xx} non-2xx, ${warmUp.errors} errors`,
        );
    }
  }
  const figures: Partial<Record<LoadedEndpoint, RoutePair<Outcome>>> = {};
  for (const endpoint of ENDPOINTS) {
    const ours = await outcomeOf(loads[endpoint].ours, shape(settings.seconds));
    const bare = await outcomeOf(loads[endpoint].bare, shape(settings.seconds));
    figures[endpoint] = { ours, bare };
  }
  return figures as LoadFigures;
}

async function main(): Promise<void> {
  const settings = readLoadSettings();
  const handle = await openTestDatabase('postgres');
  try {
    console.log(`bench:load: the demo estate with ${settings.demoDays} days of readings, on PostgreSQL`);
    const estate = await seedDemoEstate(handle.db, settings.demoDays, (line) => console.log(line));
    const tokens = await startSessions(handle.db, POOL, [estate.user], settings.connections);
    const app = await startApp(handle.db, POOL);
    const bare = bareRoutes(handle.db, estate.organisationId);
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    try {
      const loads = loadsFor(app.url, bareUrl, tokens);
      await checkSameAnswers(loads, estate);
      console.log(
        `bench:load: ${settings.connections} connections, ${settings.warmUpSeconds} s warm-up then ${settings.seconds} s per route`,
      );
      const figures = await measure(loads, settings);
      const failures = failuresOf(figures);
      for (const failure of failures) console.error(`bench:load: failed requests: ${failure}`);
      const result = loadResult(figures, settings, estate);
      reportResult(
        result,
        loadSummary(figures, settings, result.ratio),
        `p99 < ${P99_GOAL_MS} ms, ≥ ${GOAL_RATIO}×, no failed request`,
      );
      if (failures.length > 0) process.exitCode = 1;
    } finally {
      await app.close();
      await bare.close();
    }
  } finally {
    await handle.close();
  }
}

withTempDirs(main).catch((error: Error) => {
  console.error(`bench:load failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
