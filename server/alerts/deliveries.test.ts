import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { createOrganisationWithUser } from '../demo/seed';
import { createMailer, type Mailer } from '../mail/mailer';
import { deliverDue } from './deliveries';

describeEachEngine('notification deliveries on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  let organisationId: number;
  let alertId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
    ({ organisationId } = await createOrganisationWithUser(db, {
      email: 'owner@deliveries.test',
      name: 'Owner',
      password: 'Deliveries-1',
      organisationName: 'Deliveries',
    }));
    const site = await db
      .insertInto('entities')
      .values({ organisation_id: organisationId, type: 'site', name: 'Site', time_zone: 'UTC' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const point = await db
      .insertInto('data_points')
      .values({
        organisation_id: organisationId,
        entity_id: site.id,
        name: 'Meter',
        intent: 'electricity',
        unit: 'kWh',
        kind: 'instantaneous',
        time_zone: 'UTC',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = await db
      .insertInto('alert_rules')
      .values({
        organisation_id: organisationId,
        data_point_id: point.id,
        name: 'Rule',
        condition: JSON.stringify({ kind: 'above', value: 1, hysteresis: 0, forMinutes: 0 }),
        severity: 'warning',
        active_hours: JSON.stringify(null),
        state: '{}',
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ({ id: alertId } = await db
      .insertInto('alerts')
      .values({
        organisation_id: organisationId,
        rule_id: rule.id,
        state: 'firing',
        value: 2,
        started_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => handle?.close());

  const mailer = () => createMailer({ db, smtpUrl: undefined, from: 'test@insights', log: () => {} });

  async function queue(recipients: string[]): Promise<void> {
    await db
      .insertInto('notification_deliveries')
      .values(
        recipients.map((recipient) => ({
          organisation_id: organisationId,
          alert_id: alertId,
          channel: 'email' as const,
          recipient,
          subject: `[warning] Rule for ${recipient}`,
          body: 'The alert rule "Rule" fired.',
        })),
      )
      .execute();
  }

  const outboxFor = async (recipient: string) =>
    (await db.selectFrom('outbox').select('id').where('to_address', '=', recipient).execute()).length;

  it('sends each message once across a stop in the middle of a batch, a second run and two processes at once', async () => {
    const recipients = Array.from({ length: 45 }, (_, index) => `member${index}@deliveries.test`);
    await queue(recipients);
    // The runner stops in the middle of a batch, as a process killed would: what it had handed on goes with it.
    const real = mailer();
    const stopping = new AbortController();
    let handed = 0;
    const stopped: Mailer = {
      ...real,
      async send(message, within) {
        await real.send(message, within);
        if (++handed === 5) stopping.abort(new Error('the job runner is stopping'));
      },
    };
    await expect(deliverDue(db, stopped, { signal: stopping.signal })).rejects.toThrow(
      'the job runner is stopping',
    );
    expect(handed).toBe(5);
    for (const recipient of recipients) expect(await outboxFor(recipient), recipient).toBe(0);
    // After the restart, two processes deliver side by side.
    const [first, second] = await Promise.all([deliverDue(db, mailer()), deliverDue(db, mailer())]);
    const again = await deliverDue(db, mailer());
    expect(again).toBe(0);
    for (const recipient of recipients) expect(await outboxFor(recipient), recipient).toBe(1);
    expect(first + second).toBe(recipients.length);
    const undelivered = await db
      .selectFrom('notification_deliveries')
      .select('id')
      .where('delivered_at', 'is', null)
      .execute();
    expect(undelivered).toEqual([]);
  });
});
