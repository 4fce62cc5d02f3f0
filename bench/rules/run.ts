/**
 * npm run bench:rules — what alert rules cost ingest, and how soon a firing
 * reaches its delivery. In one run, on embedded PGlite (the default):
 * - ingest: the same REST pushes (50 data points, a reading each per push)
 *   into an organisation with 1,000 enabled rules on those points (20 each,
 *   thresholds spread over the values) and into one with none, each timed
 *   until every push is answered and, with rules, every rule has judged the
 *   last reading. Headline ratio: readings per second with rules ÷ without
 *   (goal ≥ 0.9).
 * The second figure, from a REST push to a webhook delivered (p95 <
 * 1 s), waits for the webhooks: not measured here yet.
 */
import { buildApp } from '../../server/app.ts';
import { localBillingProvider } from '../../server/billing/local-provider.ts';
import { EMBEDDED_POOL } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { createOrganisationWithUser } from '../../server/demo/seed.ts';
import { embeddedIdentity } from '../../server/identity/identity-mode.ts';
import { createApiKey } from '../../server/integrations/rest/api-keys.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { localStorage } from '../../server/storage/object-storage.ts';
import { median, reportResult, round } from '../results-file.ts';
import { tempDir, withTempDirs } from '../temp-dirs.ts';

const POINTS = 50;
const RULES_PER_POINT = 20;
const PUSHES = 30;
const ROUNDS = 2;
const GOAL_RATIO = 0.9;

interface Organisation {
  url: string;
  db: Database;
  key: string;
  points: number[];
  close(): Promise<void>;
}

/** An app of its own on a fresh PGlite database, with jobs running, an organisation, its points and a key. */
async function organisation(name: string): Promise<Organisation> {
  const handle = await openTestDatabase('pglite');
  const app = await buildApp({
    db: handle.db,
    mailer: createMailer({ db: handle.db, smtpUrl: undefined, from: 'bench@insights', log: () => {} }),
    storage: localStorage(tempDir('insights-bench-rules-')),
    identity: embeddedIdentity(handle.db, { ...EMBEDDED_POOL, issuer: 'urn:insights:bench' }, '/cognito'),
    billing: localBillingProvider,
    publicUrl: 'http://127.0.0.1',
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const { organisationId, userId } = await createOrganisationWithUser(handle.db, {
    email: `${name}@bench.test`,
    name,
    password: 'Bench-pass-1',
    organisationName: name,
  });
  const site = await handle.db
    .insertInto('entities')
    .values({ organisation_id: organisationId, type: 'site', name: 'Site', time_zone: 'Europe/London' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const points = await handle.db
    .insertInto('data_points')
    .values(
      Array.from({ length: POINTS + 1 }, (_, index) => ({
        organisation_id: organisationId,
        entity_id: site.id,
        name: `Sensor ${index}`,
        intent: 'temperature',
        unit: '°C',
        kind: 'instantaneous' as const,
        time_zone: 'Europe/London',
      })),
    )
    .returning('id')
    .execute();
  const { secret } = await createApiKey(handle.db, { organisationId, createdBy: userId, name: 'bench' });
  return {
    url,
    db: handle.db,
    key: secret,
    points: points.map((point) => point.id),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** 1,000 rules: 20 per point, over thresholds from 5 to 100, in-app only (info), so some fire and resolve. */
async function addRules(target: Organisation, organisationId: number): Promise<void> {
  const rows = target.points.slice(0, POINTS).flatMap((pointId) =>
    Array.from({ length: RULES_PER_POINT }, (_, index) => ({
      organisation_id: organisationId,
      data_point_id: pointId,
      name: `Rule ${pointId}.${index}`,
      condition: JSON.stringify({ kind: 'above', value: 5 * (index + 1), hysteresis: 2, forMinutes: 0 }),
      severity: 'info' as const,
      active_hours: JSON.stringify(null),
      state: JSON.stringify({ alert: 'normal', since: null, lastFiredAt: null, lastReadingAt: null }),
      evaluated_through: new Date(0),
      created_by: null,
    })),
  );
  for (let at = 0; at < rows.length; at += 200) {
    await target.db
      .insertInto('alert_rules')
      .values(rows.slice(at, at + 200))
      .execute();
  }
}

async function push(target: Organisation, readings: object[]): Promise<void> {
  const response = await fetch(`${target.url}/api/readings`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${target.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ readings }),
  });
  if (!response.ok) throw new Error(`push: ${response.status} ${await response.text()}`);
}

/** Seconds to push a round of readings and, where rules watch them, to have every rule judge the last. */
async function ingestRound(target: Organisation, round: number, watched: boolean): Promise<number> {
  const start = Date.now() - (ROUNDS - round) * PUSHES * 60_000 - 60 * 60_000;
  const started = performance.now();
  let last = 0;
  for (let step = 0; step < PUSHES; step++) {
    last = start + step * 60_000;
    await push(
      target,
      target.points.slice(0, POINTS).map((pointId, index) => ({
        dataPoint: pointId,
        ts: new Date(last).toISOString(),
        value: (index * 7 + step * 13 + round * 29) % 104,
      })),
    );
  }
  if (watched) {
    for (;;) {
      const behind = await target.db
        .selectFrom('alert_rules')
        .select('id')
        .where('evaluated_through', '<', new Date(last))
        .limit(1)
        .executeTakeFirst();
      if (!behind) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const plain = await organisation('plain');
  const ruled = await organisation('ruled');
  try {
    const ruledOrganisation = (
      await ruled.db.selectFrom('organisations').select('id').executeTakeFirstOrThrow()
    ).id;
    await addRules(ruled, ruledOrganisation);
    // One round each first, unmeasured: the first requests compile the server's paths.
    await ingestRound(plain, 0, false);
    await ingestRound(ruled, 0, true);
    const without: number[] = [];
    const withRules: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      without.push(await ingestRound(plain, round, false));
      withRules.push(await ingestRound(ruled, round, true));
      console.log(
        `round ${round}: ${round2(without.at(-1))} s without rules, ${round2(withRules.at(-1))} s with 1,000`,
      );
    }
    const readings = POINTS * PUSHES;
    const perSecondWithout = readings / median(without);
    const perSecondWith = readings / median(withRules);
    const ratio = round(perSecondWith / perSecondWithout, 3);
    const alerts = await ruled.db.selectFrom('alerts').select('id').execute();
    reportResult(
      {
        name: 'rules',
        metrics: {
          readingsPerSecondWith1000Rules: round(perSecondWith, 1),
          alertsOpenedDuringIngest: alerts.length,
        },
        reference: { readingsPerSecondWithoutRules: round(perSecondWithout, 1) },
        ratio,
        goal: `ingest with 1,000 active rules at least ${GOAL_RATIO} of ingest with none`,
        goalMet: ratio >= GOAL_RATIO,
      },
      `rules: ${round(perSecondWith, 0)} readings/s with 1,000 rules against ${round(perSecondWithout, 0)} without (×${ratio})`,
      `≥ ${GOAL_RATIO}`,
    );
  } finally {
    await plain.close();
    await ruled.close();
  }
}

const round2 = (value: number | undefined) => round(value ?? 0, 2);

withTempDirs(main).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
