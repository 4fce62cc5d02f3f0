import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { buildApp } from '../../server/app.ts';
import { localBillingProvider } from '../../server/billing/local-provider.ts';
import { EMBEDDED_POOL } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { serveFrontend } from '../../server/http/frontend.ts';
import { COGNITO_PATH } from '../../server/identity/cognito-route.ts';
import { embeddedIdentity } from '../../server/identity/identity-mode.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { localStorage } from '../../server/storage/object-storage.ts';

export interface RunningApp {
  baseUrl: string;
  close(): Promise<void>;
}

/** The production build of the front end, made once and served by each engine's server. */
export async function buildFrontend(): Promise<{ outDir: string; remove(): void }> {
  const root = new URL('../../', import.meta.url).pathname;
  const outDir = mkdtempSync(join(tmpdir(), 'insights-bench-explorer-'));
  // A profiling run (BENCH_PROFILE_DIR, see measure-case.ts) keeps the code readable, so its profiles
  // name functions; its figures are then of an unminified build.
  const minify = !process.env.BENCH_PROFILE_DIR;
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, minify },
  });
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** The real server (API, embedded sign-in, built front end) on a loaded database, on a free port. */
export async function startApp(db: Database, outDir: string): Promise<RunningApp> {
  const files = mkdtempSync(join(tmpdir(), 'insights-bench-explorer-files-'));
  const app = await buildApp({
    db,
    mailer: createMailer({ db, smtpUrl: undefined, from: 'bench@insights', log: () => {} }),
    storage: localStorage(files),
    identity: embeddedIdentity(db, { ...EMBEDDED_POOL, issuer: 'urn:insights:bench' }, COGNITO_PATH),
    billing: localBillingProvider,
    publicUrl: 'http://127.0.0.1',
  });
  await serveFrontend(app, outDir);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    async close() {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    },
  };
}
