/**
 * npm run bench:rules — what alert rules cost ingest, and how soon a firing
 * reaches its delivery. In one run, on embedded PGlite (the default):
 * - ingest: the same REST pushes (50 data points, a reading each per push)
 *   into an organisation with 1,000 enabled rules on those points (20 each,
 *   thresholds from 5 to 100) and into one with none, each timed until every
 *   push is answered and, with rules, every rule has judged the last reading.
 *   The readings are room temperatures (18 to 26 °C), so a few rules on each
 *   point sit near them and fire and resolve now and then, as rules do.
 *   Headline ratio: readings per second with rules ÷ without (goal ≥ 0.9),
 *   each the median of six rounds, taken in turn, every other pair in the
 *   other order.
 * - an alert storm, shown beside it: readings sweeping 0 to 104 in steps of
 *   13, so that every push crosses two or three thresholds of every point
 *   (an alert opened or resolved for one reading in seven): readings per
 *   second while every change is stored, each member told and its mail
 *   queued.
 * - flows, shown beside it: the same pushes into an organisation with 100
 *   flows from the logic builder (two per point, each reading its point and
 *   the next: two compares, and, for 5 min, notify), timed until every flow
 *   has judged the last reading: readings per second, and its ratio to
 *   ingest without rules.
 * - webhook latency, the second figure: from a REST push to its
 *   webhook post delivered (goal p95 < 1 s). In an organisation of its own
 *   with one critical rule (above 50) and a webhook to a receiver on this
 *   machine that checks each post's signature, readings alternately above
 *   and below the threshold are pushed one at a time, so that each fires or
 *   resolves the alert; a sample is from just before the push's request to
 *   the post of that change arriving whole at the receiver (the evaluate-rules
 *   job, then deliver-notifications). p50 and p95 of 40 samples; a post whose
 *   signature does not verify, or none within 10 s, fails the run.
 */

import { sql } from 'kysely';
import { createChannel } from '../../server/alerts/channels.ts';
import { createRule } from '../../server/alerts/rules.ts';
import { webhookReceiver } from '../../server/alerts/webhook-receiver.test-helper.ts';
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
import { type BenchResult, median, reportResult, round } from '../results-file.ts';
import { tempDir, withTempDirs } from '../temp-dirs.ts';

const POINTS = 50;
const RULES_PER_POINT = 20;
const PUSHES = 30;
const ROUNDS = 6;
const GOAL_RATIO = 0.9;
const FLOWS_PER_POINT = 2;
/** Webhook latency: measured samples, unmeasured ones before them, and the goal for their p95. */
const WEBHOOK_SAMPLES = 40;
const WEBHOOK_WARM_UP = 2;
const WEBHOOK_GOAL_MS = 1000;
/** How long a sample's post may take before the run fails: as long as the server gives a receiver to answer. */
const WEBHOOK_TIMEOUT_MS = 10_000;

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

/** 100 flows: for each point, two that read it and the next one, as a person builds them in the logic builder. */
async function addFlows(target: Organisation): Promise<void> {
  const points = target.points.slice(0, POINTS);
  for (const [index, pointId] of points.entries()) {
    const next = points[(index + 1) % POINTS] as number;
    for (let flow = 0; flow < FLOWS_PER_POINT; flow++) {
      await createRule(target.db, target.organisationId, target.userId, {
        name: `Flow ${pointId}.${flow}`,
        dataPointId: pointId,
        condition: {
          kind: 'flow',
          nodes: [
            { id: 'a', kind: 'point', dataPointId: pointId, x: 0, y: 0 },
            { id: 'b', kind: 'point', dataPointId: next, x: 0, y: 100 },
            { id: 'warm', kind: 'compare', op: 'above', value: 23 + flow, hysteresis: 0.5, x: 200, y: 0 },
            { id: 'mild', kind: 'compare', op: 'above', value: 20, hysteresis: 0, x: 200, y: 100 },
            { id: 'both', kind: 'and', x: 400, y: 50 },
            { id: 'held', kind: 'for', minutes: 5, x: 600, y: 50 },
            { id: 'tell', kind: 'notify', x: 800, y: 50 },
          ],
          edges: [
            { from: 'a', to: 'warm' },
            { from: 'b', to: 'mild' },
            { from: 'warm', to: 'both' },
            { from: 'mild', to: 'both' },
            { from: 'both', to: 'held' },
            { from: 'held', to: 'tell' },
          ],
        },
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
  if (watched) await judgedThrough(target, last);
  return (performance.now() - started) / 1000;
}

/**
 * A round of each organisation, one after the other, and in the other order
 * in every other round: the pushes slow a little from round to round (both
 * databases grow), which would count against whichever always went second.
 */
async function inTurn(
  round: number,
  plain: Organisation,
  watched: Organisation,
): Promise<{ plain: number; watched: number }> {
  if (round % 2 === 1) {
    const plainSeconds = await ingestRound(plain, round, false);
    return { plain: plainSeconds, watched: await ingestRound(watched, round, true) };
  }
  const watchedSeconds = await ingestRound(watched, round, true);
  return { plain: await ingestRound(plain, round, false), watched: watchedSeconds };
}

/** Waits until every rule and flow of the organisation has judged the readings up to `last`. */
async function judgedThrough(target: Organisation, last: number): Promise<void> {
  for (;;) {
    const flowBehind = await target.db
      .selectFrom('alert_rules')
      .select('id')
      .where(
        sql<boolean>`condition->>'kind' = 'flow' and coalesce((state->'flow'->>'through')::float8, 0) < ${last}`,
      )
      .limit(1)
      .executeTakeFirst();
    if (!flowBehind) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  for (;;) {
    const behind = await target.db
      .selectFrom('rule_points')
      .select('data_point_id')
      .where('judged_through', '<', new Date(last))
      // A point only flows read keeps the progress it was given: flows keep their own.
      .where(
        sql<boolean>`exists (select 1 from alert_rules as r where r.data_point_id = rule_points.data_point_id and r.condition->>'kind' <> 'flow')`,
      )
      .limit(1)
      .executeTakeFirst();
    if (!behind) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function main(): Promise<void> {
  const plain = await organisation('plain');
  const ruled = await organisation('ruled');
  let without: number[];
  let withRules: number[];
  let openedQuiet: number;
  let stormSeconds: number;
  let openedInStorm: number;
  try {
    await addRules(ruled);
    // One round each first, unmeasured: the first requests compile the server's paths.
    await ingestRound(plain, 0, false);
    await ingestRound(ruled, 0, true);
    const openedBefore = await alertsOpened(ruled);
    without = [];
    withRules = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const times = await inTurn(round, plain, ruled);
      without.push(times.plain);
      withRules.push(times.watched);
      console.log(
        `round ${round}: ${round2(times.plain)} s without rules, ${round2(times.watched)} s with 1,000`,
      );
    }
    openedQuiet = (await alertsOpened(ruled)) - openedBefore;
    stormSeconds = await ingestRound(ruled, ROUNDS + 1, true, storm);
    openedInStorm = (await alertsOpened(ruled)) - openedBefore - openedQuiet;
    console.log(`alert storm: ${round2(stormSeconds)} s with 1,000 rules, ${openedInStorm} alerts opened`);
  } finally {
    // Closed before the webhooks are timed: their PGlite databases and job workers share this process.
    await plain.close();
    await ruled.close();
  }
  const flows = await flowsIngest();
  const latencies = await webhookLatencies();
  const p50 = round(median(latencies), 1);
  const p95 = round(nearestRank(latencies, 0.95), 1);
  console.log(`webhooks: p50 ${p50} ms, p95 ${p95} ms, slowest ${round(Math.max(...latencies), 1)} ms`);
  const readings = POINTS * PUSHES;
  const perSecondWithout = readings / median(without);
  const perSecondWith = readings / median(withRules);
  const ratio = round(perSecondWith / perSecondWithout, 3);
  const perSecondWithFlows = readings / median(flows.withFlows);
  const perSecondBesideFlows = readings / median(flows.without);
  const webhookGoalMet = p95 < WEBHOOK_GOAL_MS;
  // BenchResult has one goal, the ingest ratio's: the webhooks' goal is written beside it.
  const result: BenchResult & { webhookGoal: string; webhookGoalMet: boolean } = {
    name: 'rules',
    metrics: {
      readingsPerSecondWith1000Rules: round(perSecondWith, 1),
      alertsOpenedPerRound: round(openedQuiet / ROUNDS, 1),
      readingsPerSecondInAlertStorm: round(readings / stormSeconds, 1),
      readingsPerSecondWith100Flows: round(perSecondWithFlows, 1),
      readingsPerSecondBesideFlows: round(perSecondBesideFlows, 1),
      flowsIngestRatio: round(perSecondWithFlows / perSecondBesideFlows, 3),
      alertsOpenedInStorm: openedInStorm,
      webhookLatencyP50Ms: p50,
      webhookLatencyP95Ms: p95,
      webhookSamples: latencies.length,
    },
    reference: { readingsPerSecondWithoutRules: round(perSecondWithout, 1) },
    ratio,
    goal: `ingest with 1,000 active rules at least ${GOAL_RATIO} of ingest with none`,
    goalMet: ratio >= GOAL_RATIO,
    webhookGoal: `from a REST push to its webhook post delivered, p95 < ${WEBHOOK_GOAL_MS} ms`,
    webhookGoalMet,
  };
  // reportResult prints the ingest goal's outcome last; the webhooks' is in the summary before it.
  reportResult(
    result,
    `rules: ${round(perSecondWith, 0)} readings/s with 1,000 rules against ${round(perSecondWithout, 0)} without (×${ratio}); ${round(readings / stormSeconds, 0)}/s in an alert storm; ${round(perSecondWithFlows, 0)}/s with 100 flows (×${round(perSecondWithFlows / perSecondBesideFlows, 3)} of ${round(perSecondBesideFlows, 0)} beside them); push to webhook p50 ${p50} ms, p95 ${p95} ms (goal p95 < ${WEBHOOK_GOAL_MS} ms: ${webhookGoalMet ? 'met' : 'missed'})`,
    `≥ ${GOAL_RATIO}`,
  );
}

/**
 * Seconds per round with 100 flows, and without rules beside them, rounds
 * taken in turn: apps of their own, opened once the 1,000 rules' apps are
 * closed, so that no other organisation's jobs run in this process meanwhile.
 */
async function flowsIngest(): Promise<{ withFlows: number[]; without: number[] }> {
  const plain = await organisation('beside-flows');
  const flowed = await organisation('flowed');
  try {
    await addFlows(flowed);
    await ingestRound(plain, 0, false);
    await ingestRound(flowed, 0, true);
    const withFlows: number[] = [];
    const without: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const times = await inTurn(round, plain, flowed);
      without.push(times.plain);
      withFlows.push(times.watched);
      console.log(
        `flows round ${round}: ${round2(times.plain)} s without rules, ${round2(times.watched)} s with 100 flows`,
      );
    }
    return { withFlows, without };
  } finally {
    await plain.close();
    await flowed.close();
  }
}

/**
 * Milliseconds from a REST push to its webhook post arriving, one sample per
 * push. In an organisation of its own rather than `ruled`: its 1,000 rules'
 * cost to ingest is the first figure, and the storm left mail and jobs of
 * theirs behind, so there each sample would time whatever of that is still
 * going on; here a sample is the path from one push to one post alone.
 */
async function webhookLatencies(): Promise<number[]> {
  const hooked = await organisation('hooked');
  const receiver = await webhookReceiver();
  try {
    const { secret } = await createChannel(
      hooked.db,
      hooked.organisationId,
      hooked.userId,
      { name: 'Bench receiver', url: receiver.url, minSeverity: 'info', enabled: true },
      { publicUrl: 'http://127.0.0.1', port: Number(new URL(hooked.url).port) },
    );
    receiver.trust(secret);
    const pointId = hooked.points[0] as number;
    await createRule(hooked.db, hooked.organisationId, hooked.userId, {
      name: 'Webhook latency',
      dataPointId: pointId,
      condition: { kind: 'above', value: 50, hysteresis: 1, forMinutes: 0 },
      severity: 'critical',
      cooldownMinutes: 0,
      activeHours: null,
      enabled: true,
    });
    const samples = WEBHOOK_WARM_UP + WEBHOOK_SAMPLES;
    // A minute apart, the last a few minutes before now: every reading is in the past.
    const start = Date.now() - (samples + 5) * 60_000;
    const latencies: number[] = [];
    for (let sample = 0; sample < samples; sample++) {
      // Fires above 50, resolves below 49: 60, 40, 61, 39, … — each value once, so its post is told apart.
      const firing = sample % 2 === 0;
      const value = firing ? 60 + sample : 40 - sample;
      const event = firing ? 'alert.firing' : 'alert.resolved';
      const started = performance.now();
      await push(hooked, [
        { dataPoint: pointId, ts: new Date(start + sample * 60_000).toISOString(), value },
      ]);
      const post = await receiver.waitFor(
        (candidate) =>
          candidate.body.event === event && (candidate.body.alert as { value?: number })?.value === value,
        WEBHOOK_TIMEOUT_MS,
      );
      // The first pushes compile the server's paths and warm the jobs: not measured.
      if (sample >= WEBHOOK_WARM_UP) latencies.push(post.at - started);
    }
    // Every post, those timed and any other, signed as a receiver checks it.
    const unsigned = receiver.received.find((post) => !post.signed);
    if (unsigned)
      throw new Error(`webhook receiver: delivery ${unsigned.delivery}'s signature does not verify`);
    return latencies;
  } finally {
    await hooked.close();
    await receiver.close();
  }
}

/** The nearest-rank percentile: the smallest value at least `fraction` of the values are at or below. */
function nearestRank(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] as number;
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
