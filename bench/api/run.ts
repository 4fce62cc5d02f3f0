/**
 * npm run bench:api — autocannon against POST /api/getUsers (token check,
 * schema validation, organisation check, response serialisation) beside a
 * bare Fastify route that runs the same queries on the same database with
 * none of those layers, in the same run, on PGlite and (when
 * TEST_DATABASE_URL is set) PostgreSQL. Three alternating rounds per side, medians
 * reported. Options: --duration seconds per round (5).
 */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { localBillingProvider } from '../../server/billing/local-provider.ts';
import { EMBEDDED_POOL } from '../../server/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { embeddedIdentity } from '../../server/identity/identity-mode.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { localStorage } from '../../server/storage/object-storage.ts';
import { membersOf, openInvitationsOf } from '../../server/users/queries.ts';
import { median, round, writeResult } from '../results-file.ts';
import { tempDir, withTempDirs } from '../temp-dirs.ts';

const duration = Number(process.argv[process.argv.indexOf('--duration') + 1]) || 5;
const ROUNDS = 3;
const MEMBERS = 50;
const CONNECTIONS = 10;

interface Measured {
  requestsPerSecond: number;
  p99Ms: number;
}

async function measure(url: string, headers: Record<string, string>, body: string): Promise<Measured> {
  // The load runs on a worker thread, so generating it does not compete with the server for this thread.
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections: CONNECTIONS,
    duration,
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: round(result.requests.average, 0), p99Ms: round(result.latency.p99, 1) };
}

function medianOf(rounds: Measured[]): Measured {
  return {
    requestsPerSecond: median(rounds.map((measured) => measured.requestsPerSecond)),
    p99Ms: median(rounds.map((measured) => measured.p99Ms)),
  };
}

/** The organisation of the demo user, filled with members and open invitations like a real one. */
async function populate(db: Database): Promise<{ email: string; password: string; organisationId: number }> {
  const demo = await seedDemo(db);
  if (!demo) throw new Error('the benchmark database was not empty');
  const owner = await db.selectFrom('users').select(['id', 'organisation_id']).executeTakeFirstOrThrow();
  const organisationId = owner.organisation_id as number;
  await db
    .insertInto('users')
    .values(
      Array.from({ length: MEMBERS - 1 }, (_, index) => ({
        id: crypto.randomUUID(),
        email: `member${index}@bench.test`,
        name: `Member ${index}`,
        password_hash: '!bench',
        status: 'CONFIRMED' as const,
        organisation_id: organisationId,
        updated_at: new Date(),
      })),
    )
    .execute();
  await db
    .insertInto('invitations')
    .values(
      Array.from({ length: 5 }, (_, index) => ({
        token: `bench-invitation-token-${index}-xxxxxxxx`,
        organisation_id: organisationId,
        email: `invitee${index}@bench.test`,
        invited_by: owner.id,
        expires_at: new Date(Date.now() + 7 * 86_400_000),
      })),
    )
    .execute();
  return { ...demo, organisationId };
}

/** The same two queries getUsers runs (the same functions), straight to JSON: the lower bound for this endpoint here. */
function bareRoute(db: Database, organisationId: number): FastifyInstance {
  const bare = Fastify();
  bare.post('/bare/getUsers', async () => {
    const [users, invitations] = await Promise.all([
      membersOf(db, organisationId),
      openInvitationsOf(db, organisationId),
    ]);
    return { users, invitations };
  });
  return bare;
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<{ ours: Measured; bare: Measured }> {
  let handle: DatabaseHandle;
  if (engine === 'pglite') {
    handle = await openDatabase({ dataDir: tempDir('insights-bench-api-') });
    await migrate(handle.db);
  } else {
    handle = await openTestDatabase('postgres');
  }
  const { email, password, organisationId } = await populate(handle.db);
  const pool = { ...EMBEDDED_POOL, issuer: 'urn:insights:bench' };
  const app = await buildApp({
    db: handle.db,
    mailer: createMailer({ db: handle.db, smtpUrl: undefined, from: 'bench@insights', log: () => {} }),
    storage: localStorage(tempDir('insights-bench-files-')),
    identity: embeddedIdentity(handle.db, pool, '/cognito'),
    billing: localBillingProvider,
    publicUrl: 'http://127.0.0.1',
  });
  const ourUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const signIn = await app.inject({
    method: 'POST',
    url: '/cognito',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const token = signIn.json().AuthenticationResult.IdToken as string;
  const bare = bareRoute(handle.db, organisationId);
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const json = { 'content-type': 'application/json' };
  // A short warm-up of each, so neither pays for JIT and connection set-up in its measured run.
  const warm = { duration: 2, connections: CONNECTIONS, workers: 1 };
  await autocannon({
    url: `${ourUrl}/api/getUsers`,
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: '{}',
    ...warm,
  });
  await autocannon({ url: `${bareUrl}/bare/getUsers`, method: 'POST', headers: json, body: '{}', ...warm });
  // Alternating rounds, medians kept: on a small shared machine one run alone swings by a third.
  const oursRounds: Measured[] = [];
  const bareRounds: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    oursRounds.push(
      await measure(`${ourUrl}/api/getUsers`, { ...json, authorization: `Bearer ${token}` }, '{}'),
    );
    bareRounds.push(await measure(`${bareUrl}/bare/getUsers`, json, '{}'));
  }
  const ours = medianOf(oursRounds);
  const bareResult = medianOf(bareRounds);
  await app.close();
  await bare.close();
  await handle.close();
  return { ours, bare: bareResult };
}

async function main(): Promise<void> {
  const engines: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  const metrics: Record<string, number> = {
    members: MEMBERS,
    connections: CONNECTIONS,
    secondsPerRound: duration,
    rounds: ROUNDS,
  };
  const reference: Record<string, number> = {};
  const ratios: number[] = [];
  for (const engine of engines) {
    const { ours, bare } = await benchEngine(engine);
    metrics[`${engine}RequestsPerSecond`] = ours.requestsPerSecond;
    metrics[`${engine}P99Ms`] = ours.p99Ms;
    reference[`${engine}RequestsPerSecond`] = bare.requestsPerSecond;
    reference[`${engine}P99Ms`] = bare.p99Ms;
    const ratio = round(ours.requestsPerSecond / bare.requestsPerSecond, 3);
    metrics[`${engine}Ratio`] = ratio;
    ratios.push(ratio);
    console.log(
      `${engine}: getUsers ${ours.requestsPerSecond} req/s (p99 ${ours.p99Ms} ms) vs bare ${bare.requestsPerSecond} req/s (p99 ${bare.p99Ms} ms), ratio ${ratio}`,
    );
  }
  const ratio = Math.min(...ratios);
  const path = writeResult({
    name: 'api',
    metrics,
    reference,
    ratio,
    goal: 'authenticated getUsers throughput ≥ 0.7 × a bare Fastify route running the same queries, on every engine (headline: the worst)',
  });
  console.log(`wrote ${path}`);
  console.log(
    `bench:api worst ratio ${ratio} (${engines.map((engine) => `${engine} ${metrics[`${engine}RequestsPerSecond`]} vs ${reference[`${engine}RequestsPerSecond`]} req/s`).join('; ')})`,
  );
}

withTempDirs(main).catch((error: Error) => {
  console.error(`bench:api failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
