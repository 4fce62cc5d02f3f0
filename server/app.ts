import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/database';
import { cognitoRoutes } from './identity/cognito-route';
import type { PoolSettings } from './identity/pool-settings';
import { createUserPool } from './identity/user-pool';
import type { Mailer } from './mail/mailer';

export interface AppDependencies {
  db: Database;
  mailer: Mailer;
  pool: PoolSettings;
  logger?: boolean;
}

/** The HTTP application without listening: tests drive it with inject(), main.ts with a port. */
export async function buildApp({
  db,
  mailer,
  pool,
  logger = false,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: 'info', redact: ['req.headers.authorization', 'req.body'] } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  await app.register(cognitoRoutes, { pool: createUserPool(db, pool, mailer) });
  return app;
}
