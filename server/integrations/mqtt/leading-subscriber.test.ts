import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../db/test-database';
import { describeWithService, serviceUrl } from '../../test-services.test-helper';
import { until } from '../../until.test-helper';
import { type LeadingSubscriber, subscribeWhileLeading } from './leading-subscriber';

describeWithService('TEST_DATABASE_URL', 'the MQTT session of several processes', () => {
  describeWithService('TEST_MQTT_URL', 'on one broker', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await openTestDatabase('postgres');
    });
    afterAll(async () => database?.close());

    it('is held by one process; the other stands by connected, and takes it over when the first stops', async () => {
      const clientId = `insights-test-${randomBytes(6).toString('hex')}`;
      // Topics of its own, and a session the broker soon forgets: the broker is shared with other tests.
      const topicPrefix = `insights-lead-${randomBytes(4).toString('hex')}/`;
      const logged: string[] = [];
      const process = () =>
        subscribeWhileLeading(
          database,
          {
            url: serviceUrl('TEST_MQTT_URL'),
            clientId,
            topicPrefix,
            sessionExpirySeconds: 30,
            log: (line) => logged.push(line),
          },
          { checkMs: 100 },
        );
      const first = process();
      await until(async () => first.leading && first.connected, 'the first to lead');
      const second: LeadingSubscriber = process();
      // Standing by, it still tells the UI the broker is reachable, with its own plain connection.
      await until(async () => second.connected, 'the second to reach the broker');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([first.leading, second.leading]).toEqual([true, false]);
      expect(second.topicPrefix).toBe(topicPrefix);

      await first.stop();
      await until(async () => second.leading && second.connected, 'the second to take the session over');
      expect(first.leading).toBe(false);
      // One session, listened on under its one id, by one process after the other.
      const listening = `mqtt: listening on ${serviceUrl('TEST_MQTT_URL')} as "${clientId}" (plain readings under "${topicPrefix}")`;
      expect(logged.filter((line) => line.startsWith('mqtt: listening on'))).toEqual([listening, listening]);
      await second.stop();
      expect(second.connected).toBe(false);
    });
  });
});
