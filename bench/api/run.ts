/**
 * npm run bench:api — autocannon against POST /api/getUsers (token check,
 * caller lookup, schema validation, organisation check, response
 * serialisation) beside a bare Fastify route that runs the same queries on the
 * same database with none of those layers (bare-route.ts), in the same run, on
 * PGlite and (when TEST_DATABASE_URL is set) PostgreSQL.
 *
 * The callers are many: ORGANISATIONS organisations of MEMBERS members, of
 * whom ACTIVE_USERS each send requests, each for their own organisation's
 * list; consecutive requests come from different users and organisations.
 * The bare route answers the same organisations in the same order.
 *
 * Two figures, each beside the bare route measured the same way:
 * - warm: for --duration seconds (5), the active users' requests go round,
 *   one signed-in session each. Every token has been verified before and its
 *   caller is cached, except that the caller cache forgets each session after
 *   CALLER_TTL_MS (2 s), so the session lookup runs again now and then: the
 *   steady state of people using the app.
 * - cold: COLD_SESSIONS_PER_USER new sessions per user, and one request with
 *   each token: every request is that token's first, so the token's signature
 *   is verified and its session and user looked up (neither cache has it),
 *   as on the first request after a sign-in or a token refresh. A fixed
 *   number of requests, timed from the first to the last answer.
 * Before timing, a warm-up of each shape (JIT, connections), with tokens of
 * its own. Three rounds of warm, bare warm, cold, bare cold, medians
 * reported. The ratio is ours ÷ bare; the headline is the worst of both
 * figures on every engine.
 */
import { EMBEDDED_POOL } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { CALLER_TTL_MS } from '../../server/http/caller-cache.ts';
import { median, reportResult, round } from '../results-file.ts';
import { tempDir, withTempDirs } from '../temp-dirs.ts';
import { BARE_PATH, bareRoute, ORGANISATION_HEADER } from './bare-route.ts';
import { CONNECTIONS, type Load, loadFor, loadOf, type Measured } from './load.ts';
import { startApp } from './start-app.ts';
import { type BenchUser, populate, startSessions } from './tenants.ts';

const duration = Number(process.argv[process.argv.indexOf('--duration') + 1]) || 5;
const ROUNDS = 3;
const TENANCY = { organisations: 5, members: 50, activeUsers: 20, invitations: 5 };
const COLD_SESSIONS_PER_USER = 10;
const WARM_UP_SECONDS = 2;
const GOAL_RATIO = 0.7;
const POOL = { ...EMBEDDED_POOL, issuer: 'urn:insights:bench' };
const JSON_BODY = { 'content-type': 'application/json' };

type Engine = 'pglite' | 'postgres';

interface EngineFigures {
  warm: { ours: Measured; bare: Measured };
  cold: { ours: Measured; bare: Measured };
}

function medianOf(rounds: Measured[]): Measured {
  return {
    requestsPerSecond: median(rounds.map((measured) => measured.requestsPerSecond)),
    p99Ms: median(rounds.map((measured) => measured.p99Ms)),
  };
}

async function openEngine(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'postgres') return openTestDatabase('postgres');
  const handle = await openDatabase({ dataDir: tempDir('insights-bench-api-') });
  await migrate(handle.db);
  return handle;
}

/** Our route, each request with the next of `tokens`: once each (cold) or round and round (warm). */
function ourLoad(url: string, tokens: string[], once: boolean): Load {
  const values = tokens.map((token) => `Bearer ${token}`);
  return {
    url: `${url}/api/getUsers`,
    headers: JSON_BODY,
    rotation: { header: 'authorization', values, once },
  };
}

/** The bare route, asked for the same users' organisations in the same order. */
function bareLoad(url: string, users: BenchUser[]): Load {
  const values = users.map((user) => String(user.organisation_id));
  return {
    url: `${url}${BARE_PATH}`,
    headers: JSON_BODY,
    rotation: { header: ORGANISATION_HEADER, values, once: false },
  };
}

/** Both routes list the same members for a user of each organisation, so the two sides do the same work. */
async function checkSameAnswers(ourUrl: string, bareUrl: string, users: BenchUser[], tokens: string[]) {
  for (const [index, user] of users.slice(0, TENANCY.organisations).entries()) {
    const ask = async (url: string, headers: Record<string, string>) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...JSON_BODY, ...headers },
        body: '{}',
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      const { users: members } = (await response.json()) as { users: { id: string }[] };
      return members.map((member) => member.id).join();
    };
    const ours = await ask(`${ourUrl}/api/getUsers`, { authorization: `Bearer ${tokens[index]}` });
    const bare = await ask(`${bareUrl}${BARE_PATH}`, { [ORGANISATION_HEADER]: String(user.organisation_id) });
    if (ours !== bare || ours.split(',').length !== TENANCY.members)
      throw new Error(`getUsers and the bare route disagree for organisation ${user.organisation_id}`);
  }
}

async function benchEngine(engine: Engine): Promise<EngineFigures> {
  const handle = await openEngine(engine);
  const users = await populate(handle.db, TENANCY);
  const warmTokens = await startSessions(handle.db, POOL, users, 1);
  const coldRequests = users.length * COLD_SESSIONS_PER_USER;
  const coldTokens = await startSessions(handle.db, POOL, users, COLD_SESSIONS_PER_USER * (ROUNDS + 1));
  const app = await startApp(handle.db, POOL);
  const bare = bareRoute(handle.db);
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    await checkSameAnswers(app.url, bareUrl, users, warmTokens);
    const warm = ourLoad(app.url, warmTokens, false);
    const reference = bareLoad(bareUrl, users);
    /** The cold tokens of one round (-1: the warm-up's), none sent before. */
    const cold = (roundIndex: number) =>
      ourLoad(
        app.url,
        coldTokens.slice((roundIndex + 1) * coldRequests, (roundIndex + 2) * coldRequests),
        true,
      );

    // A warm-up of each shape, so neither side pays for JIT and connection set-up in its measured run.
    await loadFor(warm, WARM_UP_SECONDS);
    await loadFor(reference, WARM_UP_SECONDS);
    await loadOf(cold(-1), coldRequests);
    await loadOf(reference, coldRequests);
    // Alternating rounds, medians kept: on a small shared machine one run alone swings by a third.
    const rounds = {
      warm: [] as Measured[],
      bareWarm: [] as Measured[],
      cold: [] as Measured[],
      bareCold: [] as Measured[],
    };
    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
      rounds.warm.push(await loadFor(warm, duration));
      rounds.bareWarm.push(await loadFor(reference, duration));
      rounds.cold.push(await loadOf(cold(roundIndex), coldRequests));
      rounds.bareCold.push(await loadOf(reference, coldRequests));
    }
    return {
      warm: { ours: medianOf(rounds.warm), bare: medianOf(rounds.bareWarm) },
      cold: { ours: medianOf(rounds.cold), bare: medianOf(rounds.bareCold) },
    };
  } finally {
    await app.close();
    await bare.close();
    await handle.close();
  }
}

async function main(): Promise<void> {
  const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const metrics: Record<string, number> = {
    organisations: TENANCY.organisations,
    membersPerOrganisation: TENANCY.members,
    activeUsersPerOrganisation: TENANCY.activeUsers,
    connections: CONNECTIONS,
    secondsPerWarmRound: duration,
    requestsPerColdRound: TENANCY.organisations * TENANCY.activeUsers * COLD_SESSIONS_PER_USER,
    callerCacheMs: CALLER_TTL_MS,
    rounds: ROUNDS,
  };
  const reference: Record<string, number> = {};
  const ratios: { name: string; ratio: number }[] = [];
  for (const engine of engines) {
    const figures = await benchEngine(engine);
    for (const caches of ['warm', 'cold'] as const) {
      const { ours, bare } = figures[caches];
      const key = `${engine}${caches === 'warm' ? 'Warm' : 'Cold'}`;
      const ratio = round(ours.requestsPerSecond / bare.requestsPerSecond, 3);
      metrics[`${key}RequestsPerSecond`] = ours.requestsPerSecond;
      metrics[`${key}P99Ms`] = ours.p99Ms;
      metrics[`${key}Ratio`] = ratio;
      reference[`${key}RequestsPerSecond`] = bare.requestsPerSecond;
      reference[`${key}P99Ms`] = bare.p99Ms;
      ratios.push({ name: `${engine} ${caches}`, ratio });
      console.log(
        `${engine}, ${caches} caches: getUsers ${ours.requestsPerSecond} req/s (p99 ${ours.p99Ms} ms) vs bare ${bare.requestsPerSecond} req/s (p99 ${bare.p99Ms} ms), ratio ${ratio}`,
      );
    }
  }
  const worst = ratios.reduce((low, entry) => (entry.ratio < low.ratio ? entry : low));
  reportResult(
    {
      name: 'api',
      metrics,
      reference,
      ratio: worst.ratio,
      goal: `authenticated getUsers throughput ≥ ${GOAL_RATIO} × a bare Fastify route running the same queries, with caches cold (each token's first request) and warm, on every engine (headline: the worst)`,
      goalMet: worst.ratio >= GOAL_RATIO,
    },
    `bench:api worst ${worst.name} at ${worst.ratio} of the bare route (${engines
      .flatMap((engine) =>
        (['warm', 'cold'] as const).map((caches) => {
          const key = `${engine}${caches === 'warm' ? 'Warm' : 'Cold'}`;
          return `${engine} ${caches} ${metrics[`${key}RequestsPerSecond`]} vs ${reference[`${key}RequestsPerSecond`]} req/s`;
        }),
      )
      .join('; ')})`,
    `≥ ${GOAL_RATIO}`,
  );
}

withTempDirs(main).catch((error: Error) => {
  console.error(`bench:api failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
