import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import type { AlertingRule } from './alerting-rule';
import type { Transition } from './evaluate';
import { meterOfNewOrganisation } from './firing-alert.test-helper';
import { Recipients } from './recipients';
import { applyTransitions, type RuleTransitions } from './transitions';

const MINUTE_MS = 60_000;
const START = Date.parse('2026-10-01T08:00:00Z');
const at = (minutes: number) => START + minutes * MINUTE_MS;
const PUBLIC_URL = 'https://insights.example';

/**
 * An organisation with two members, a webhook, and five rules on one point:
 * the third with an alert firing since before, the fourth with one firing but
 * snoozed, the fifth with one still pending.
 */
async function organisationWithRules(db: Database): Promise<AlertingRule[]> {
  const { organisationId, pointId } = await meterOfNewOrganisation(db, 'Batch');
  await db
    .insertInto('users')
    .values({
      id: crypto.randomUUID(),
      email: 'viewer@batch.test',
      name: 'Viewer',
      organisation_id: organisationId,
      role: 'viewer',
      status: 'CONFIRMED',
      // A member the test never signs in as.
      password_hash: '',
      attributes: JSON.stringify({}),
      updated_at: new Date(),
    })
    .execute();
  await db
    .insertInto('alert_channels')
    .values({
      organisation_id: organisationId,
      name: 'Hook',
      url: 'https://hooks.example/in',
      secret: 'hook-secret',
      min_severity: 'info',
      enabled: true,
    })
    .execute();
  const rules: AlertingRule[] = [];
  for (const [index, severity] of (
    ['critical', 'warning', 'critical', 'info', 'warning'] as const
  ).entries()) {
    const { id } = await db
      .insertInto('alert_rules')
      .values({
        organisation_id: organisationId,
        data_point_id: pointId,
        name: `Rule ${index + 1}`,
        condition: JSON.stringify({ kind: 'above', value: index, hysteresis: 0, forMinutes: 0 }),
        severity,
        active_hours: JSON.stringify(null),
        state: '{}',
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rules.push({ id, organisationId, name: `Rule ${index + 1}`, severity, dataPointName: 'Meter' });
  }
  const before = [
    { rule: rules[2], state: 'firing' as const, fired_at: new Date(at(-10)), snoozed_until: null },
    {
      rule: rules[3],
      state: 'firing' as const,
      fired_at: new Date(at(-10)),
      snoozed_until: new Date(at(60)),
    },
    { rule: rules[4], state: 'pending' as const, fired_at: null, snoozed_until: null },
  ];
  for (const { rule, ...alert } of before)
    await db
      .insertInto('alerts')
      .values({
        organisation_id: organisationId,
        rule_id: (rule as AlertingRule).id,
        value: 9,
        started_at: new Date(at(-20)),
        ...alert,
      })
      .execute();
  return rules;
}

/** What a batch of changes leaves behind: the alerts, their history, the notifications and the deliveries. */
async function stored(db: Database) {
  const alerts = await sql<{ rule_id: number; state: string }>`
    select id, rule_id, state, value, started_at, fired_at, resolved_at from alerts order by id`.execute(db);
  const events = await sql`select id, alert_id, at, kind, value, text from alert_events order by id`.execute(
    db,
  );
  const notifications = await sql<{ alert_id: number }>`
    select n.alert_id, u.email, n.state from notifications as n join users as u on u.id = n.user_id
    order by n.id`.execute(db);
  const deliveries = await sql<{ channel: string }>`
    select alert_id, channel, recipient, subject, body, digest from notification_deliveries order by id`.execute(
    db,
  );
  return {
    alerts: alerts.rows,
    events: events.rows,
    notifications: notifications.rows,
    deliveries: deliveries.rows,
  };
}

const change = (to: Transition['to'], minutes: number, value: number | null): Transition => ({
  at: at(minutes),
  to,
  value,
});

/** Every kind of change in one batch: alerts opened and fired, fired and resolved, reopened, and ones from before. */
function batchOf(rules: AlertingRule[]): RuleTransitions[] {
  const [first, second, third, fourth, fifth] = rules as [
    AlertingRule,
    AlertingRule,
    AlertingRule,
    AlertingRule,
    AlertingRule,
  ];
  return [
    { rule: first, transitions: [change('pending', 0, 5), change('firing', 0, 5)] },
    {
      rule: second,
      transitions: [
        change('pending', 1, 6),
        change('firing', 2, 7),
        change('resolved', 3, 1),
        change('pending', 4, 8),
      ],
    },
    { rule: third, transitions: [change('resolved', 1, 0)] },
    { rule: fourth, transitions: [change('resolved', 2, 0)] },
    { rule: fifth, transitions: [change('resolved', 3, 0), change('pending', 5, 9), change('firing', 6, 9)] },
  ];
}

let together: DatabaseHandle;
let oneByOne: DatabaseHandle;

beforeAll(async () => {
  [together, oneByOne] = await Promise.all([openTestDatabase('pglite'), openTestDatabase('pglite')]);
});
afterAll(async () => {
  await Promise.all([together?.close(), oneByOne?.close()]);
});

it('stores a batch of rules’ changes as the same alerts, history, notifications and deliveries as one change at a time', async () => {
  const batch = batchOf(await organisationWithRules(together.db));
  const queued = await together.db
    .transaction()
    .execute((trx) => applyTransitions(trx, batch, PUBLIC_URL, new Recipients(trx)));
  expect(queued).toBe(true);

  for (const { rule, transitions } of batchOf(await organisationWithRules(oneByOne.db)))
    for (const transition of transitions)
      await oneByOne.db
        .transaction()
        .execute((trx) =>
          applyTransitions(trx, [{ rule, transitions: [transition] }], PUBLIC_URL, new Recipients(trx)),
        );

  const batched = await stored(together.db);
  expect(batched).toEqual(await stored(oneByOne.db));
  // What the batch must come to, whichever way it was written.
  expect(batched.alerts.map(({ rule_id, state }) => [rule_id, state])).toEqual([
    [3, 'resolved'],
    [4, 'resolved'],
    [5, 'resolved'],
    [1, 'firing'],
    [2, 'resolved'],
    [2, 'pending'],
    [5, 'firing'],
  ]);
  // Told: the first's firing, the second's firing and resolution, the third's resolution, the fifth's new
  // firing; not the fourth's (snoozed), nor the fifth's resolution of an alert that never fired.
  expect(new Set(batched.notifications.map((row) => row.alert_id)).size).toBe(4);
  expect(batched.notifications).toHaveLength(2 * 5);
  expect(batched.deliveries.filter((row) => row.channel === 'webhook')).toHaveLength(5);
});
