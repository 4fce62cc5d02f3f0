import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
import { fileRoutes } from './storage/file-routes';
import type { ObjectStorage } from './storage/object-storage';

export interface AppDependencies {
  db: Database;
  mailer: Mailer;
  storage: ObjectStorage;
  pool: PoolSettings;
  billing: BillingProvider;
  /** Where people reach the app, for links in e-mails. */
  publicUrl: string;
  logger?: boolean;
}

/** The HTTP application without listening: tests drive it with inject(), main.ts with a port. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { db, mailer, storage, pool, billing, publicUrl, logger = false } = deps;
  const app = Fastify({
    logger: logger ? { level: 'info', redact: ['req.headers.authorization', 'req.body'] } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Validation is strict on purpose: unknown fields and wrong types are refused, never dropped or coerced.
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Insights API',
        version: '1',
        description: 'Schemas from schemas/api/; every route takes the ID token as a Bearer token.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const userPool = createUserPool(db, pool, mailer);
  await app.register(cognitoRoutes, { pool: userPool });
  await app.register(fileRoutes, { storage });
  // The embedded pool's keys, read from the database; for Cognito the same jose check takes its JWKS URL.
  const tokenCheck = async () => ({
    issuer: pool.issuer,
    clientId: pool.clientId,
    keys: createLocalJWKSet(await publicKeySet(db)),
  });
  await app.register(apiRoutes, {
    prefix: '/api',
    context: { db, billing, mailer, storage, userPool, publicUrl },
    authenticate: createAuthenticator(db, tokenCheck, true),
  });
  return app;
}
