import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { createMailer, type Mailer } from '../mail/mailer';
import { deliverDue } from './deliveries';
import { organisationWithFiringAlert } from './firing-alert.test-helper';

describeEachEngine('notification deliveries on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  let organisationId: number;
  let alertId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
    ({ organisationId, alertId } = await organisationWithFiringAlert(db, 'Deliveries'));
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
    await expect(
      deliverDue(db, stopped, { signal: stopping.signal, publicUrl: 'http://insights.test' }),
    ).rejects.toThrow('the job runner is stopping');
    expect(handed).toBe(5);
    for (const recipient of recipients) expect(await outboxFor(recipient), recipient).toBe(0);
    // After the restart, two processes deliver side by side.
    const [first, second] = await Promise.all([
      deliverDue(db, mailer(), { publicUrl: 'http://insights.test' }),
      deliverDue(db, mailer(), { publicUrl: 'http://insights.test' }),
    ]);
    const again = await deliverDue(db, mailer(), { publicUrl: 'http://insights.test' });
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
