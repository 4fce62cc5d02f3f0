import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { deliverDue } from './deliveries';
import { evaluateRules } from './evaluate-rules';
import { gatewayOf } from './gateway.test-helper';
import { pumpRoom, ruleAbove } from './pump-room.test-helper';
import { deliverWebhooksDue } from './webhook-deliveries';
import { webhookReceiver } from './webhook-receiver.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const PUBLIC_URL = 'http://insights.test';

/**
 * A process that dies in the middle of firing, after the alert, the bell's
 * notifications and the outbox's mail and post are written but before they
 * commit, leaves none of them: the next run judges the reading again and
 * everyone is told exactly once.
 */
describeEachEngine('a restart in the middle of firing on %s', (engine) => {
  let server: Server;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  let pump: number;
  let ruleId: number;
  let organisationId: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    receiver = await webhookReceiver();
    const owner = await pumpRoom(server, 'owner@restart.test', 'Restart Ltd');
    pump = owner.pump;
    organisationId = owner.organisationId;
    const channel = await server.api('channel', owner.token, {
      name: 'Operations chat',
      url: receiver.url,
      minSeverity: 'warning',
      enabled: true,
    });
    receiver.trust(channel.body.secret);
    ruleId = await ruleAbove(server, owner.token, pump, {
      name: 'Pressure high',
      severity: 'critical',
      value: 5,
    });
    await (await gatewayOf(server, owner.token)).push([{ dataPoint: pump, ts: Date.now(), value: 9 }]);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const count = async (table: 'alerts' | 'notifications' | 'notification_deliveries' | 'alert_events') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('stores nothing of a firing whose run died before committing, and tells everyone once when run again', async () => {
    // The run dies at its last statement, once everything else of the firing is written: a trigger refuses
    // the point's progress, as a killed process would never send the commit.
    await sql`create function die_before_commit() returns trigger language plpgsql as $$
      begin raise exception 'the process died'; end $$`.execute(server.db);
    await sql`create trigger die_before_commit before update on rule_points
      for each row execute function die_before_commit()`.execute(server.db);
    const evaluate = () => evaluateRules(server.db, { now: new Date(), publicUrl: PUBLIC_URL });
    await expect(evaluate()).rejects.toThrow('the process died');
    expect(await count('alerts')).toBe(0);
    expect(await count('alert_events')).toBe(0);
    expect(await count('notifications')).toBe(0);
    expect(await count('notification_deliveries')).toBe(0);

    // The process comes back.
    await sql`drop trigger die_before_commit on rule_points`.execute(server.db);
    // Its members were notified: their open screens are told once this commits (notifications-changed.ts).
    expect(await evaluate()).toMatchObject({
      changed: true,
      deliveriesQueued: true,
      notified: [organisationId],
    });
    // Run again, it finds nothing more to do.
    expect(await evaluate()).toMatchObject({ changed: false, deliveriesQueued: false, notified: [] });
    expect(await count('alerts')).toBe(1);
    expect(await count('notifications')).toBe(1);
    expect(await deliverWebhooksDue(server.db)).toBe(1);
    expect(await deliverDue(server.db, server.mailer, { publicUrl: PUBLIC_URL })).toBe(1);
    expect(await deliverWebhooksDue(server.db)).toBe(0);
    expect(await deliverDue(server.db, server.mailer, { publicUrl: PUBLIC_URL })).toBe(0);
    expect(receiver.received.map((post) => [post.body.event, post.signed])).toEqual([['alert.firing', true]]);
    const mails = await server.db
      .selectFrom('outbox')
      .select('subject')
      .where('subject', 'like', '%Pressure high%')
      .execute();
    expect(mails).toEqual([{ subject: '[critical] Pressure high' }]);
    const history = await server.db
      .selectFrom('alert_events as e')
      .innerJoin('alerts as a', 'a.id', 'e.alert_id')
      .select('e.kind')
      .where('a.rule_id', '=', ruleId)
      .orderBy('e.id')
      .execute();
    expect(history.map((event) => event.kind)).toEqual(['pending', 'firing']);
  });
});
