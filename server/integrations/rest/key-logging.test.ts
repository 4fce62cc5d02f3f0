import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouteOptions } from '../../app';
import { localBillingProvider } from '../../billing/local-provider';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../db/test-database';
import { createOrganisationWithUser } from '../../demo/seed';
import { apiRoutes } from '../../http/api-routes';
import { createCallerCache } from '../../http/caller-cache';
import { API_VALIDATION } from '../../http/validation';
import { embeddedIdentity } from '../../identity/identity-mode';
import { ImportProgress } from '../../imports/import-progress';
import { createLiveHub } from '../../live/live-hub';
import { createMailer } from '../../mail/mailer';
import { localStorage } from '../../storage/object-storage';
import { TEST_POOL } from '../../test-app';
import { newApiKey } from './api-key-secret';

/**
 * Keys must never reach the logs. The API's real routes are mounted on a
 * Fastify whose logger writes to memory at the most talkative level, and the
 * key is pushed valid, revoked and unknown, in both headers.
 */
describe('API keys and the request log', () => {
  let handle: DatabaseHandle;
  const lines: string[] = [];
  const app = Fastify({
    ajv: API_VALIDATION,
    logger: {
      level: 'trace',
      stream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    },
  });

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    const db = handle.db;
    const identity = embeddedIdentity(db, TEST_POOL, '/cognito');
    const context = {
      db,
      billing: localBillingProvider,
      mailer: createMailer({ db, smtpUrl: undefined, from: 'test@insights', log: () => {} }),
      storage: localStorage(mkdtempSync(join(tmpdir(), 'insights-log-'))),
      userPool: undefined,
      publicUrl: 'http://insights.test',
      browserAuth: identity.browser,
      callers: createCallerCache(),
      imports: new ImportProgress(),
      geocoder: undefined,
      // No job runner here: nothing is delivered.
      deliverNow: async () => {},
      renderReportsNow: async () => {},
      refitForecastModelsNow: async () => {},
      mqttPublishing: false,
      live: createLiveHub(db),
    };
    app.addHook('onClose', async () => context.live.close());
    // Wired as the app wires them (app.ts), so the keys are checked by the same code as in production.
    await app.register(apiRoutes, { prefix: '/api', ...apiRouteOptions(context, identity) });
  });
  afterAll(async () => {
    await app.close();
    await handle?.close();
  });

  it('logs requests with API keys without the keys', async () => {
    const { organisationId } = await createOrganisationWithUser(handle.db, {
      email: 'log@keys.test',
      name: 'Log',
      password: 'Correct-horse-1',
      organisationName: 'Logs',
    });
    const live = newApiKey();
    const revoked = newApiKey();
    const unknown = newApiKey();
    await handle.db
      .insertInto('api_keys')
      .values([
        { organisation_id: organisationId, name: 'live', prefix: live.prefix, key_hash: live.hash },
        {
          organisation_id: organisationId,
          name: 'old',
          prefix: revoked.prefix,
          key_hash: revoked.hash,
          revoked_at: new Date(),
        },
      ])
      .execute();
    const payload = { readings: [{ dataPoint: 'nothing', ts: '2025-01-01T00:00:00Z', value: 1 }] };
    const statuses: number[] = [];
    for (const key of [live, revoked, unknown]) {
      for (const headers of [{ authorization: `ApiKey ${key.secret}` }, { 'x-api-key': key.secret }]) {
        statuses.push(
          (await app.inject({ method: 'POST', url: '/api/readings', headers, payload })).statusCode,
        );
      }
    }
    expect(statuses).toEqual([400, 400, 401, 401, 401, 401]);
    const log = lines.join('');
    // The requests are logged, with their URL; just not their keys.
    expect(log).toContain('"url":"/api/readings"');
    for (const key of [live, revoked, unknown])
      expect(log).not.toContain(key.secret.slice(key.prefix.length + 1));
  });
});
