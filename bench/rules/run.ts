/**
 * npm run bench:rules — what alert rules cost ingest, and how soon a firing
 * reaches its delivery. In one run, on embedded PGlite (the default):
 * - ingest: the same REST pushes (50 data points, a reading each per push)
 *   into an organisation with 1,000 enabled rules on those points (20 each,
 *   thresholds from 5 to 100) and into one with none, each timed until every
 *   push is answered and, with rules, every rule has judged the last reading.
 *   The readings are room temperatures (18 to 26 °C), so a few rules on each
 *   point sit near them and fire and resolve now and then, as rules do.
 *   Headline ratio: readings per second with rules ÷ without (goal ≥ 0.9).
 * - an alert storm, shown beside it: readings sweeping 0 to 104 in steps of
 *   13, so that every push crosses two or three thresholds of every point
 *   (an alert opened or resolved for one reading in seven): readings per
 *   second while every change is stored, each member told and its mail
 *   queued.
 * The second figure, from a REST push to a webhook delivered (p95 <
 * 1 s), waits for the webhooks: not measured here yet.
 */

import { createRule } from '../../server/alerts/rules.ts';
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
const ROUNDS = 4;
const GOAL_RATIO = 0.9;

interface Organisation {
  url: string;
  db: Database;
  organisationId: number;
  userId: string;
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
    organisationId,
    userId,
    key: secret,
    points: points.map((point) => point.id),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** 1,000 rules: 20 per point, over thresholds from 5 to 100, in-app only (info), made as a person makes them. */
async function addRules(target: Organisation): Promise<void> {
  for (const pointId of target.points.slice(0, POINTS)) {
    for (let index = 0; index < RULES_PER_POINT; index++) {
      await createRule(target.db, target.organisationId, target.userId, {
        name: `Rule ${pointId}.${index}`,
        dataPointId: pointId,
        condition: { kind: 'above', value: 5 * (index + 1), hysteresis: 2, forMinutes: 0 },
        severity: 'info',
        cooldownMinutes: 0,
        activeHours: null,
        enabled: true,
      });
    }
  }
}

/** A room temperature: each point wanders between 18 and 26 °C at its own pace. */
const quiet = (index: number, step: number) =>
  Math.round((22 + 3 * Math.sin((step + index * 5) / 6) + ((index * 7 + step * 13) % 5) * 0.2) * 10) / 10;
/** A sweep over every threshold: 13 further each minute, from 0 to 104. */
const storm = (index: number, step: number) => (index * 7 + step * 13) % 104;

async function push(target: Organisation, readings: object[]): Promise<void> {
  const response = await fetch(`${target.url}/api/readings`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${target.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ readings }),
  });
  if (!response.ok) throw new Error(`push: ${response.status} ${await response.text()}`);
}

/** Seconds to push a round of readings and, where rules watch them, to have every rule judge the last. */
async function ingestRound(
  target: Organisation,
  round: number,
  watched: boolean,
  value: (index: number, step: number) => number = quiet,
): Promise<number> {
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
        value: value(index, step + round * PUSHES),
      })),
    );
  }
  if (watched) {
    for (;;) {
      const behind = await target.db
        .selectFrom('rule_points')
        .select('data_point_id')
        .where('judged_through', '<', new Date(last))
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
    await addRules(ruled);
    // One round each first, unmeasured: the first requests compile the server's paths.
    await ingestRound(plain, 0, false);
    await ingestRound(ruled, 0, true);
    const openedBefore = await alertsOpened(ruled);
    const without: number[] = [];
    const withRules: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      without.push(await ingestRound(plain, round, false));
      withRules.push(await ingestRound(ruled, round, true));
      console.log(
        `round ${round}: ${round2(without.at(-1))} s without rules, ${round2(withRules.at(-1))} s with 1,000`,
      );
    }
    const openedQuiet = (await alertsOpened(ruled)) - openedBefore;
    const stormSeconds = await ingestRound(ruled, ROUNDS + 1, true, storm);
    const openedInStorm = (await alertsOpened(ruled)) - openedBefore - openedQuiet;
    console.log(`alert storm: ${round2(stormSeconds)} s with 1,000 rules, ${openedInStorm} alerts opened`);
    const readings = POINTS * PUSHES;
    const perSecondWithout = readings / median(without);
    const perSecondWith = readings / median(withRules);
    const ratio = round(perSecondWith / perSecondWithout, 3);
    reportResult(
      {
        name: 'rules',
        metrics: {
          readingsPerSecondWith1000Rules: round(perSecondWith, 1),
          alertsOpenedPerRound: round(openedQuiet / ROUNDS, 1),
          readingsPerSecondInAlertStorm: round(readings / stormSeconds, 1),
          alertsOpenedInStorm: openedInStorm,
        },
        reference: { readingsPerSecondWithoutRules: round(perSecondWithout, 1) },
        ratio,
        goal: `ingest with 1,000 active rules at least ${GOAL_RATIO} of ingest with none`,
        goalMet: ratio >= GOAL_RATIO,
      },
      `rules: ${round(perSecondWith, 0)} readings/s with 1,000 rules against ${round(perSecondWithout, 0)} without (×${ratio}); ${round(readings / stormSeconds, 0)}/s in an alert storm`,
      `≥ ${GOAL_RATIO}`,
    );
  } finally {
    await plain.close();
    await ruled.close();
  }
}

async function alertsOpened(target: Organisation): Promise<number> {
  const { count } = await target.db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

const round2 = (value: number | undefined) => round(value ?? 0, 2);

withTempDirs(main).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
