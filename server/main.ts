import { buildApp } from './app';
import { localBillingProvider } from './billing/local-provider';
import type { BillingProvider } from './billing/provider';
import { stripeBillingProvider } from './billing/stripe-provider';
import { EMBEDDED_POOL, readConfig, type ServerConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo } from './demo/seed';
import { serveFrontend } from './http/frontend';
import { COGNITO_PATH } from './identity/cognito-route';
import { cognitoIdentity, embeddedIdentity, type IdentityMode } from './identity/identity-mode';
import { createMailer } from './mail/mailer';
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

  const app = await buildApp({
    db: database.db,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    storage: config.s3 ? s3Storage(config.s3) : localStorage(storageFolder(config.dataDir)),
    identity: identityFor(config, database.db),
    billing: billingFor(config),
    publicUrl: config.publicUrl,
    logger: true,
  });
  await serveFrontend(app, config.staticDir);

  if (config.seedDemo) {
    const demo = await seedDemo(database.db);
    if (demo) {
      log(`Demo account (shown this once): ${demo.email} / ${demo.password}`);
    }
  }

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ host: config.host, port: config.port });
  log(`Insights is running at ${config.publicUrl}/ (database: ${database.engine})`);
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
