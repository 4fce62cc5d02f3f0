import { buildApp } from './app';
import { localBillingProvider } from './billing/local-provider';
import type { BillingProvider } from './billing/provider';
import { stripeBillingProvider } from './billing/stripe-provider';
import { EMBEDDED_POOL, readConfig, type ServerConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { listenForNotices } from './db/postgres-notices';
import { demoOrganisationId, seedDemo } from './demo/seed';
import { seedDemoPortfolio } from './demo/seed-portfolio';
import { serveFrontend } from './http/frontend';
import { COGNITO_PATH } from './identity/cognito-route';
import { cognitoIdentity, embeddedIdentity, type IdentityMode } from './identity/identity-mode';
import { announceSubscriber } from './integrations/mqtt/broker-status';
import { subscribeWhileLeading } from './integrations/mqtt/leading-subscriber';
import { createMailer } from './mail/mailer';
import { addMissingStarterPages } from './pages/starter-pages';
import { chromiumPrinter } from './reports/print-report';
import { nominatimGeocoder } from './sites/geocoder';
import { localStorage, s3Storage, storageFolder } from './storage/object-storage';

/** npm start: one process serving the API, the embedded user pool (unless Cognito is configured) and the built frontend. */
async function main(): Promise<void> {
  const config = readConfig();
  const log = (line: string) => console.log(line);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const applied = await migrate(database.db);
  if (applied.length > 0) log(`database (${database.engine}): applied ${applied.join(', ')}`);
  const given = await addMissingStarterPages(database.db);
  if (given > 0) log(`${given} organisation(s) were given their dashboards from the templates`);
  // Processes sharing a PostgreSQL tell each other what they wrote; an embedded database has one process.
  const notices = config.databaseUrl ? await listenForNotices(config.databaseUrl, log) : undefined;

  const app = await buildApp({
    db: database.db,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    storage: config.s3 ? s3Storage(config.s3) : localStorage(storageFolder(config.dataDir)),
    identity: identityFor(config, database.db),
    billing: billingFor(config),
    publicUrl: config.publicUrl,
    logger: true,
    notices,
    dropFolderRoot: config.dropFolderRoot,
    contentSecurity: config.contentSecurity,
    mqtt: config.mqtt,
    // Nominatim's usage policy asks each application to name itself and where it runs.
    geocoder: config.geocoderUrl
      ? nominatimGeocoder(config.geocoderUrl, `Insights (${config.publicUrl})`)
      : undefined,
    // Reports are printed by Chromium reading this server's own print page, on the address it listens on.
    reportRenderer: {
      appUrl: `http://${reachableHost(config.host)}:${config.port}`,
      printer: chromiumPrinter(),
    },
  });
  await serveFrontend(app, config.staticDir);

  if (config.seedDemo) {
    const demo = await seedDemo(database.db);
    if (demo) {
      log(`Demo account (shown this once): ${demo.email} / ${demo.password}`);
    }
  }

  let mqtt: ReturnType<typeof subscribeWhileLeading> | undefined;
  const stopDemoData = new AbortController();
  let demoData: Promise<unknown> | undefined;
  const shutdown = async () => {
    // A batch of demo readings in progress is finished; the rest is left out.
    stopDemoData.abort();
    await demoData;
    // Before the database closes: the subscriber finishes the messages it has.
    await mqtt?.stop();
    await app.close();
    await notices?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ host: config.host, port: config.port });
  // Of several processes, the one that leads takes the readings; the others stand by (leading-subscriber.ts).
  mqtt = config.mqtt && subscribeWhileLeading(database, { log, ...config.mqtt });
  announceSubscriber(mqtt);
  log(`Insights is running at ${config.publicUrl}/ (database: ${database.engine})`);
  if (config.seedDemo) demoData = startDemoData(database.db, config.demoDays, stopDemoData.signal, log);
}

/**
 * The demo organisation's sites, data points and readings, in the background
 * while the server answers requests; once, for an organisation with no places
 * (a seeding cut off by a stop is not resumed).
 */
async function startDemoData(
  db: Database,
  days: number,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<void> {
  try {
    const organisationId = await demoOrganisationId(db);
    if (organisationId === undefined) return;
    await seedDemoPortfolio(db, { organisationId, days, signal, log });
  } catch (error) {
    log(`demo data could not be made: ${(error as Error).message}`);
  }
}

/** A server listening on every address is reached on the loopback one. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function identityFor(config: ServerConfig, db: Database): IdentityMode {
  if (config.cognito) return cognitoIdentity(config.cognito);
  return embeddedIdentity(
    db,
    { ...EMBEDDED_POOL, issuer: `${config.publicUrl}${COGNITO_PATH}` },
    COGNITO_PATH,
  );
}

function billingFor(config: ServerConfig): BillingProvider {
  return config.stripe
    ? stripeBillingProvider({ ...config.stripe, publicUrl: config.publicUrl })
    : localBillingProvider;
}

main().catch((error: Error) => {
  console.error(`Insights could not start: ${error.message}`);
  process.exit(1);
});
