import { buildApp } from './app';
import { localBillingProvider } from './billing/local-provider';
import { EMBEDDED_POOL, readConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { serveFrontend } from './http/frontend';
import { createMailer } from './mail/mailer';
import { localStorage, s3Storage, storageFolder } from './storage/object-storage';

/** npm start: one process serving the API, the embedded user pool and the built frontend. */
async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const applied = await migrate(database.db);
  const log = (line: string) => console.log(line);
  if (applied.length > 0) log(`database (${database.engine}): applied ${applied.join(', ')}`);

  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const storage = config.s3 ? s3Storage(config.s3) : localStorage(storageFolder(config.dataDir));
  const app = await buildApp({
    db: database.db,
    mailer,
    storage,
    publicUrl: config.publicUrl,
    pool: { ...EMBEDDED_POOL, issuer: `urn:insights:user-pool:${EMBEDDED_POOL.userPoolId}` },
    billing: localBillingProvider,
    logger: true,
  });
  await serveFrontend(app, config.staticDir);

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ host: config.host, port: config.port });
  log(`Insights is running at http://${config.host}:${config.port}/ (database: ${database.engine})`);
}

main().catch((error: Error) => {
  console.error(`Insights could not start: ${error.message}`);
  process.exit(1);
});
