import Fastify, { type FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import type { BillingProvider } from './billing/provider';
import type { Database } from './db/database';
import { apiRoutes } from './http/api-routes';
import { createAuthenticator } from './http/authenticate';
import { cognitoRoutes } from './identity/cognito-route';
import type { PoolSettings } from './identity/pool-settings';
import { publicKeySet } from './identity/signing-keys';
import { createUserPool } from './identity/user-pool';
import type { Mailer } from './mail/mailer';

export interface AppDependencies {
  db: Database;
  mailer: Mailer;
  pool: PoolSettings;
  billing: BillingProvider;
  logger?: boolean;
}

/** The HTTP application without listening: tests drive it with inject(), main.ts with a port. */
export async function buildApp({
  db,
  mailer,
  pool,
  billing,
  logger = false,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: 'info', redact: ['req.headers.authorization', 'req.body'] } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Validation is strict on purpose: unknown fields and wrong types are refused, never dropped or coerced.
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true },
    },
  });
  await app.register(cognitoRoutes, { pool: createUserPool(db, pool, mailer) });
  // The embedded pool's keys, read from the database; for Cognito the same jose check takes its JWKS URL.
  const tokenCheck = async () => ({
    issuer: pool.issuer,
    clientId: pool.clientId,
    keys: createLocalJWKSet(await publicKeySet(db)),
  });
  await app.register(apiRoutes, {
    prefix: '/api',
    context: { db, billing },
    authenticate: createAuthenticator(db, tokenCheck, true),
  });
  return app;
}
