import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LiveEvent } from '../src/generated/api-types';
import { siteWithRoom } from './datapoints/test-places.test-helper';
import { type DatabaseHandle, openDatabase } from './db/database';
import { createTestDatabaseOnServer } from './db/test-database';
import { createOrganisationWithUser } from './demo/seed';
import { openEventStream } from './live/event-stream-reader.test-helper';
import { type ServerProcess, startServerProcess } from './server-process.test-helper';
import { describeWithService, serviceUrl } from './test-services.test-helper';
import { until } from './until.test-helper';

const PASSWORD = 'Several-processes-1';
const PROCESSES = 3;
/** What the process that takes the MQTT session prints once it has subscribed. */
const LEADS_MQTT = /mqtt: listening on/;

// Several processes share PostgreSQL only (PGlite is one process's), and an MQTT broker.
describeWithService('TEST_DATABASE_URL', 'several server processes on one PostgreSQL', () => {
  describeWithService('TEST_MQTT_URL', 'and one MQTT broker', () => {
    let database: Awaited<ReturnType<typeof createTestDatabaseOnServer>>;
    let handle: DatabaseHandle;
    let env: Record<string, string>;
    let servers: ServerProcess[] = [];
    let publisher: MqttClient;
    let token: string;
    let accessToken: string;
    let organisationId: number;
    let point: number;
    let apiKey: string;
    let topic: string;
    const dataDir = mkdtempSync(join(tmpdir(), 'insights-processes-'));
    const prefix = `insights-processes-${randomBytes(4).toString('hex')}/`;

    beforeAll(async () => {
      database = await createTestDatabaseOnServer();
      env = {
        DATABASE_URL: database.url,
        MQTT_URL: serviceUrl('TEST_MQTT_URL'),
        MQTT_TOPIC_PREFIX: prefix,
        // A session of this run's own: the one it leaves on a shared broker for its hour holds none of another
        // run's messages, nor a server's started by hand.
        MQTT_CLIENT_ID: `insights-processes-${randomBytes(4).toString('hex')}`,
        DATA_DIR: dataDir,
        SFTP_DROP_DIR: join(dataDir, 'sftp'),
        // Behind one reverse proxy, as the README says: the address people reach and tokens name.
        PUBLIC_URL: 'http://insights.processes.test',
        SEED_DEMO: 'true',
        DEMO_DAYS: '0',
      };
      // Started together on an empty database: each migrates and seeds, or finds it done.
      servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServerProcess(env)));
      handle = await openDatabase({ url: database.url });
      publisher = await connectAsync(serviceUrl('TEST_MQTT_URL'));
      // One of them takes the MQTT session; until then the broker has no subscription to keep messages for.
      await Promise.any(servers.map((server) => server.printed(LEADS_MQTT, 30_000)));
    }, 120_000);

    afterAll(async () => {
      await publisher?.endAsync();
      await Promise.all(servers.map((server) => server.stop()));
      await handle?.close();
      await database?.drop();
    }, 60_000);

    const api = async (server: ServerProcess, path: string, body: unknown, bearer = token) => {
      const response = await fetch(`${server.url}/api/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const cognito = async (server: ServerProcess, operation: string, body: Record<string, unknown>) => {
      const response = await fetch(`${server.url}/cognito`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const signIn = async (server: ServerProcess) => {
      const answer = await cognito(server, 'InitiateAuth', {
        ClientId: 'insights-web',
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'owner@processes.test', PASSWORD },
      });
      expect(answer.status).toBe(200);
      return answer.body.AuthenticationResult as { IdToken: string; AccessToken: string };
    };
    const storedReadings = async () =>
      (
        await handle.db
          .selectFrom('readings')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('data_point_id', '=', point)
          .executeTakeFirstOrThrow()
      ).count;
    const storedCount = async () => Number(await storedReadings());

    it('start together on an empty database: migrated once, the demo seeded once, all three serving', async () => {
      const demoLines = servers.flatMap((server) => server.lines.filter((line) => /Demo account/.test(line)));
      expect(demoLines).toHaveLength(1);
      const users = await handle.db.selectFrom('users').select('email').execute();
      expect(users).toEqual([{ email: 'demo@insights.local' }]);

      // A member of an organisation of their own, signed in on the first process and served by every one.
      ({ organisationId } = await createOrganisationWithUser(handle.db, {
        email: 'owner@processes.test',
        name: 'Owner',
        password: PASSWORD,
        organisationName: 'Several processes',
      }));
      ({ IdToken: token, AccessToken: accessToken } = await signIn(servers[0] as ServerProcess));
      const { roomId } = await siteWithRoom(handle.db, organisationId, 'UTC');
      const added = await api(servers[1] as ServerProcess, 'addDataPointsRef', {
        dataPoints: [
          {
            entityId: roomId,
            name: 'Power',
            intent: 'electricity',
            unit: 'kW',
            kind: 'instantaneous',
            mqttTopic: 'meter/power',
          },
        ],
      });
      expect(added.status).toBe(200);
      point = added.body.dataPoints[0].id;
      apiKey = (await api(servers[2] as ServerProcess, 'restApi', { name: 'Gateway' })).body.secret;
      const { mqtt_namespace } = await handle.db
        .selectFrom('organisations')
        .select('mqtt_namespace')
        .where('id', '=', organisationId)
        .executeTakeFirstOrThrow();
      topic = `${prefix}${mqtt_namespace}/meter/power`;
    });

    it('stores each MQTT message once, whichever process receives it', async () => {
      // Plain readings without a time, stamped on arrival: 10 ms apart, each its own instant.
      for (let value = 1; value <= 20; value++) {
        await publisher.publishAsync(topic, String(value), { qos: 1 });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await until(async () => (await storedCount()) >= 20, '20 readings to be stored');
      // Time for a second copy to arrive, were any process to store one.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await storedCount()).toBe(20);
    });

    it('fires an alert once and mails it once while readings reach every process at once', async () => {
      const rule = await api(servers[0] as ServerProcess, 'thresholds', {
        name: 'Power too high',
        dataPointId: point,
        condition: { kind: 'above', value: 1_000, hysteresis: 1, forMinutes: 0 },
        severity: 'critical',
        cooldownMinutes: 0,
        activeHours: null,
        enabled: true,
      });
      expect(rule.status).toBe(200);
      // Each process is sent a reading of the last seconds (after the MQTT ones), each judging what it wrote.
      const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1_000).toISOString();
      const pushes = servers.map((server, index) =>
        fetch(`${server.url}/api/readings`, {
          method: 'POST',
          headers: { authorization: `ApiKey ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            readings: [{ dataPoint: point, ts: secondsAgo(3 - index), value: 1_500 + index }],
          }),
        }),
      );
      expect((await Promise.all(pushes)).map((response) => response.status)).toEqual([200, 200, 200]);
      const mails = () =>
        handle.db
          .selectFrom('outbox')
          .select('to_address')
          .where('subject', 'like', '%Power too high%')
          .execute();
      await until(async () => (await mails()).length > 0, 'the alert to be mailed');
      // Time for a second alert or mail to come, were another process to judge or deliver it again.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await mails()).toEqual([{ to_address: 'owner@processes.test' }]);
      const alerts = await handle.db.selectFrom('alerts').select('state').execute();
      expect(alerts).toEqual([{ state: 'firing' }]);
    });

    it('tells a live stream on one process of readings pushed to another, and of the alert they resolved', async () => {
      const stream = await openEventStream<LiveEvent>(`${servers[2]?.url}/api/live`, token, {
        dataPointIds: [point],
      });
      try {
        expect((await stream.next()).kind).toBe('snapshot');
        // The point's latest reading (a stream tells the latest), under the rule's limit: its alert resolves.
        const now = new Date().toISOString();
        const pushed = await fetch(`${servers[0]?.url}/api/readings`, {
          method: 'POST',
          headers: { authorization: `ApiKey ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ readings: [{ dataPoint: point, ts: now, value: 123.5 }] }),
        });
        expect(pushed.status).toBe(200);
        const told = [await stream.next(), await stream.next()];
        expect(told).toEqual(
          expect.arrayContaining([
            { kind: 'readings', readings: [{ dataPointId: point, time: now, value: 123.5 }] },
            { kind: 'notifications', readings: [] },
          ]),
        );
      } finally {
        stream.close();
      }
    });

    it('imports a dropped file once, whichever process scans first', async () => {
      const template = await api(servers[0] as ServerProcess, 'importTemplates', {
        name: 'Power',
        mapping: {
          timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
          value: { column: 'kW', unit: 'kW' },
          dataPoint: { column: 'Meter' },
        },
      });
      expect(template.status).toBe(200);
      const folder = join(dataDir, 'sftp', String(organisationId), 'Power');
      mkdirSync(folder, { recursive: true });
      const file = join(folder, 'power.csv');
      writeFileSync(file, 'Meter,Time,kW\nPower,2021-01-01T00:00:00Z,7\nPower,2021-01-01T00:15:00Z,8\n');
      // Settled, as an upload finished a minute ago.
      const past = new Date(Date.now() - 60_000);
      utimesSync(file, past, past);
      const processed = join(folder, 'processed');
      await until(
        async () => existsSync(processed) && readdirSync(processed).length > 0,
        'the import',
        30_000,
      );
      const imports = await handle.db
        .selectFrom('data_imports')
        .select(['source', 'status'])
        .where('organisation_id', '=', organisationId)
        .execute();
      expect(imports).toEqual([{ source: 'sftp', status: 'done' }]);
      expect(
        readdirSync(join(folder, 'processed')).filter((name) => name.endsWith('-power.csv')),
      ).toHaveLength(1);
    });

    it('ends a signed-out session on every process at once', async () => {
      const other = servers[1] as ServerProcess;
      // Served once, so that process holds the caller for a moment (http/caller-cache.ts).
      expect((await api(other, 'getUsers', {})).status).toBe(200);
      const signedOut = await cognito(servers[0] as ServerProcess, 'GlobalSignOut', {
        AccessToken: accessToken,
      });
      expect(signedOut.status).toBe(200);
      const refusedAfter = Date.now();
      await until(
        async () => (await api(other, 'getUsers', {})).status === 401,
        'the other process to refuse it',
      );
      // Told at once, not at the end of the cache's 2 s.
      expect(Date.now() - refusedAfter).toBeLessThan(1_000);
      ({ IdToken: token } = await signIn(servers[2] as ServerProcess));
    });

    it('loses nothing when the process holding the MQTT session is killed: another takes it over, and the others carry on', async () => {
      const before = await storedCount();
      const leader = servers.findIndex((server) => server.lines.some((line) => LEADS_MQTT.test(line)));
      expect(servers.filter((server) => server.lines.some((line) => LEADS_MQTT.test(line)))).toHaveLength(1);
      const killed = servers[leader] as ServerProcess;
      const others = servers.filter((server) => server !== killed);
      // Each at a time of its own: what waited for the session comes in one burst, stamped alike on arrival.
      for (let minute = 0; minute < 30; minute++) {
        if (minute === 10) await killed.kill();
        const ts = new Date(Date.UTC(2032, 0, 1, 0, minute)).toISOString();
        await publisher.publishAsync(topic, JSON.stringify({ value: minute, ts }), { qos: 1 });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The others answer meanwhile.
      for (const other of others) expect((await api(other, 'getUsers', {})).status).toBe(200);
      // One of them takes the session over, under the same client id, with what the broker kept for it.
      await Promise.any(others.map((other) => other.printed(LEADS_MQTT, 30_000)));
      await until(async () => (await storedCount()) >= before + 30, 'every reading to be stored', 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await storedCount()).toBe(before + 30);
      // Started again on its port, it stands by.
      servers[leader] = await startServerProcess(env, { port: killed.port });
      // A process's start (up to its 60 s wait on a busy machine) and the 30 s waits: a CI run under load took
      // over the 20 s a server test is given by default.
    }, 120_000);
  });
});
