import { buildApp } from '../../server/app.ts';
import { localBillingProvider } from '../../server/billing/local-provider.ts';
import type { Database } from '../../server/db/database.ts';
import { embeddedIdentity } from '../../server/identity/identity-mode.ts';
import type { PoolSettings } from '../../server/identity/pool-settings.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { localStorage } from '../../server/storage/object-storage.ts';
import { tempDir } from '../temp-dirs.ts';

export interface RunningApi {
  url: string;
  close: () => Promise<void>;
}

/**
 * The API as `npm start` builds it with no service configured (the embedded
 * pool issuing `pool`'s tokens, files in a temporary folder, plans active at
 * once, mail kept in the outbox), on `db`, listening on a free port.
 */
export async function startApp(db: Database, pool: PoolSettings): Promise<RunningApi> {
  const app = await buildApp({
    db,
    mailer: createMailer({ db, smtpUrl: undefined, from: 'bench@insights', log: () => {} }),
    storage: localStorage(tempDir('insights-bench-files-')),
    identity: embeddedIdentity(db, pool, '/cognito'),
    billing: localBillingProvider,
    publicUrl: 'http://127.0.0.1',
  });
  return { url: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
}
