import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { localBillingProvider } from '../../server/billing/local-provider';
import { EMBEDDED_POOL } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { serveFrontend } from '../../server/http/frontend';
import { DEFAULT_CONTENT_SECURITY } from '../../server/http/security-headers';
import { COGNITO_PATH } from '../../server/identity/cognito-route';
import { embeddedIdentity } from '../../server/identity/identity-mode';
import { createMailer } from '../../server/mail/mailer';
import { chromiumPrinter } from '../../server/reports/print-report';
import { nominatimGeocoder } from '../../server/sites/geocoder';
import { standInNominatim } from '../../server/sites/stand-in-nominatim.test-helper';
import { localStorage } from '../../server/storage/object-storage';

/** A production build served by the real server on a free port, over the database given. */
export interface ServedApp {
  app: FastifyInstance;
  baseUrl: string;
  /** The folder of the production build. */
  outDir: string;
  database: DatabaseHandle;
  /**
   * Stops the server as a restart does (open streams end, the port goes
   * quiet), runs `whileDown`, and starts it again on the same port and
   * database, with the same `beforeListen`.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The server as `npm start` runs it (embedded user pool, local files, the
 * local billing provider, mail to the outbox), without Vitest: e2e tests
 * (app-server.ts) and the screenshot script both start it. Its geocoder is a
 * stand-in Nominatim on a local port, as GEOCODER_URL would name a real one:
 * the tests do not reach the internet, and the site form shows its search.
 * `beforeListen` adds hooks (the e2e endpoint breaker), which Fastify takes
 * only before the server listens.
 */
export async function serveApp(
  outDir: string,
  database: DatabaseHandle,
  beforeListen?: (app: FastifyInstance) => void,
): Promise<ServedApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nominatim = standInNominatim();
  const geocoder = nominatimGeocoder(await nominatim.start(), `Insights e2e (${baseUrl})`, 0);
  const files = mkdtempSync(join(tmpdir(), 'insights-e2e-files-'));
  const start = async () => {
    const app = await buildApp({
      db: database.db,
      mailer: createMailer({ db: database.db, smtpUrl: undefined, from: 'e2e@insights', log: () => {} }),
      storage: localStorage(files),
      identity: embeddedIdentity(
        database.db,
        { ...EMBEDDED_POOL, issuer: `${baseUrl}${COGNITO_PATH}` },
        COGNITO_PATH,
      ),
      billing: localBillingProvider,
      publicUrl: baseUrl,
      // The production policy, so any violation fails a test (page-watch.ts reads the console), but framing:
      // the shell's tests show the app in a frame of its own origin, as FRAME_ANCESTORS="'self'" allows.
      contentSecurity: { ...DEFAULT_CONTENT_SECURITY, frameAncestors: ["'self'"] },
      geocoder,
      reportRenderer: { appUrl: baseUrl, printer: chromiumPrinter() },
    });
    beforeListen?.(app);
    await serveFrontend(app, outDir);
    await app.listen({ host: '127.0.0.1', port });
    return app;
  };
  let app = await start();
  return {
    get app() {
      return app;
    },
    baseUrl,
    outDir,
    database,
    async restart(whileDown) {
      await app.close();
      await whileDown?.();
      app = await start();
    },
    async close() {
      await app.close();
      await Promise.all([database.close(), nominatim.close()]);
    },
  };
}

/** A port nobody listens on: the server's issuer and links name its address before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
