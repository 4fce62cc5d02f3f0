import { join } from 'node:path';

/** Everything the server reads from its environment, in one place. */
export interface ServerConfig {
  host: string;
  port: number;
  /** PostgreSQL when set; otherwise embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  /** The built frontend to serve, when it exists. */
  staticDir: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = new URL('../', import.meta.url).pathname;
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? join(root, 'data'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Insights <no-reply@insights.local>',
    seedDemo: env.SEED_DEMO !== 'false',
    staticDir: join(root, 'dist'),
  };
}

/** The embedded pool's ids: "local_…" gives Amplify the region part it insists on. */
export const EMBEDDED_POOL = { userPoolId: 'local_insights', clientId: 'insights-web' } as const;
