import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { organisationWithFiringAlert } from './firing-alert.test-helper';
import { deliverWebhooksDue, retryDelivery } from './webhook-deliveries';
import { webhookReceiver } from './webhook-receiver.test-helper';

/**
 * A webhook post's claim, with no job runner beside the test to take the
 * post first: what "Post again" and a stop leave of a post under way.
 */
describeEachEngine('webhook posts under way on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  let organisationId: number;
  let alertId: number;
  let channelId: number;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
    receiver = await webhookReceiver();
    receiver.trust('whsec_test');
    ({ organisationId, alertId } = await organisationWithFiringAlert(db, 'Claims'));
    ({ id: channelId } = await db
      .insertInto('alert_channels')
      .values({
        organisation_id: organisationId,
        name: 'Operations chat',
        url: receiver.url,
        secret: 'whsec_test',
        min_severity: 'info',
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await handle?.close();
    await receiver?.close();
  });

  /** A post that failed twice, claimed until `claimedUntil` (null: not under way), due now. */
  async function failedPost(claimedUntil: Date | null): Promise<number> {
    const { id } = await db
      .insertInto('notification_deliveries')
      .values({
        organisation_id: organisationId,
        alert_id: alertId,
        channel: 'webhook',
        channel_id: channelId,
        recipient: receiver.url,
        subject: '[warning] Rule',
        body: '{"event":"alert.firing"}',
        attempts: 2,
        error: 'The receiver answered 503.',
        next_attempt_at: new Date(0),
        claimed_until: claimedUntil,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const row = (id: number) =>
    db
      .selectFrom('notification_deliveries')
      .select(['attempts', 'error', 'claimed_until', 'delivered_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('leaves a post being posted to that post when asked to post it again', async () => {
    const id = await failedPost(new Date(Date.now() + 60_000));
    await retryDelivery(db, organisationId, id);
    expect(await row(id)).toMatchObject({
      attempts: 2,
      error: 'The receiver answered 503.',
      delivered_at: null,
    });
    await db.deleteFrom('notification_deliveries').where('id', '=', id).execute();
  });

  it('counts no try of a post whose job is stopped while the receiver takes its time, and leaves it to its claim', async () => {
    const id = await failedPost(null);
    receiver.answerAfter(2_000);
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('the job runner is stopping')), 300);
    await expect(deliverWebhooksDue(db, { signal: stop.signal })).rejects.toThrow('stopping');
    receiver.answerAfter(0);
    const left = await row(id);
    expect(left).toMatchObject({ attempts: 2, error: 'The receiver answered 503.', delivered_at: null });
    expect(left.claimed_until?.getTime()).toBeGreaterThan(Date.now());
    // Once the claim runs out, the next run posts it.
    await db
      .updateTable('notification_deliveries')
      .set({ claimed_until: new Date(0) })
      .where('id', '=', id)
      .execute();
    expect(await deliverWebhooksDue(db)).toBe(1);
    expect(await row(id)).toMatchObject({ attempts: 3, error: null, delivered_at: expect.any(Date) });
  });
});
