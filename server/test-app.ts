import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app';
import { localBillingProvider } from './billing/local-provider';
import type { Plan } from './billing/plans';
import type { BillingProvider } from './billing/provider';
import { EMBEDDED_POOL } from './config';
import type { DatabaseHandle } from './db/database';
import { openTestDatabase } from './db/test-database';
import {
  expectOnlyDocumentedStatuses,
  watchUndocumentedStatuses,
} from './http/documented-statuses.test-helper';
import type { ContentSecurity } from './http/security-headers';
import { cognitoClient, latestCode } from './identity/cognito-client.test-helper';
import { embeddedIdentity, type IdentityMode } from './identity/identity-mode';
import { createMailer } from './mail/mailer';
import type { Geocoder } from './sites/geocoder';
import { localStorage } from './storage/object-storage';

const PASSWORD = 'Test-password-1';

/**
 * The test server's user pool. Its passwords are hashed at scrypt's N=2^10,
 * not the product's 2^15: the server tests sign up and sign in hundreds of
 * people, and at the default each hash cost 0.2 s of CPU, a fifth of the
 * project's time. passwords.test.ts checks the default itself.
 */
export const TEST_POOL = { ...EMBEDDED_POOL, issuer: 'urn:insights:test-pool', passwordCost: 2 ** 10 };

/** A geocoder that finds every address where the equator meets the prime meridian, named as asked. */
const PLACES_AT_NULL_ISLAND: Geocoder = {
  search: async (address) => [{ label: address, latitude: 0, longitude: 0 }],
};

/** The whole server on a fresh test database, driven in-process, with a way to make signed-in users. */
export async function startTestApp(
  engine: 'pglite' | 'postgres',
  options: {
    log?: (line: string) => void;
    billing?: BillingProvider;
    identity?: IdentityMode;
    contentSecurity?: ContentSecurity;
    /** SFTP drop folders to watch and to name in answers; none when absent. */
    dropFolderRoot?: string;
    /** Whether the background jobs run: by default only with drop folders to watch, the one that needs them. */
    runJobs?: boolean;
    /**
     * Looks addresses up: by default a stand-in that finds each address at
     * 0° 0°, so the contract-driven tests reach the handler; null for a
     * server without one, as when GEOCODER_URL is unset.
     */
    geocoder?: Geocoder | null;
    /** A broker for flows' publish actions; none unless a test brings one. */
    mqtt?: { url: string; topicPrefix?: string };
    /** The folder files are kept in; a new temporary one when absent. */
    storageRoot?: string;
  } = {},
) {
  const handle: DatabaseHandle = await openTestDatabase(engine);
  const mailer = createMailer({
    db: handle.db,
    smtpUrl: undefined,
    from: 'test@insights',
    log: options.log ?? (() => {}),
  });
  const pool = TEST_POOL;
  const storage = localStorage(options.storageRoot ?? mkdtempSync(join(tmpdir(), 'insights-files-')));
  // On PostgreSQL the test files share one database: each app's job tables are its own.
  const jobSchema =
    engine === 'postgres'
      ? `jobs_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
      : undefined;
  const app: FastifyInstance = await buildApp({
    db: handle.db,
    mailer,
    storage,
    identity: options.identity ?? embeddedIdentity(handle.db, pool, '/cognito'),
    billing: options.billing ?? localBillingProvider,
    publicUrl: 'http://insights.test',
    contentSecurity: options.contentSecurity,
    dropFolderRoot: options.dropFolderRoot,
    jobSchema,
    runJobs: options.runJobs ?? options.dropFolderRoot !== undefined,
    geocoder: options.geocoder === null ? undefined : (options.geocoder ?? PLACES_AT_NULL_ISLAND),
    mqtt: options.mqtt,
  });
  const undocumented = watchUndocumentedStatuses(app);
  const cognito = cognitoClient(app);

  /** Signs up, confirms and signs in through the user pool, as the browser would; returns the ID token. */
  async function signedInUser(email: string): Promise<string> {
    await cognito('SignUp', { ClientId: pool.clientId, Username: email, Password: PASSWORD });
    await cognito('ConfirmSignUp', {
      ClientId: pool.clientId,
      Username: email,
      ConfirmationCode: await latestCode(handle.db, email),
    });
    const signIn = await cognito('InitiateAuth', {
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    return signIn.body.AuthenticationResult.IdToken;
  }

  /** POST (or another method) /api/<path> with the token, as the product's API client does. */
  async function api(
    path: string,
    token: string | undefined,
    body?: unknown,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'POST',
  ) {
    const response = await app.inject({
      method,
      url: `/api/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  }

  /** Uploads raw bytes with a content type, as the image pickers do. */
  async function upload(path: string, token: string, bytes: Buffer, contentType: string) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: bytes,
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** A signed-in user with an organisation of their own; returns the token, user id and organisation id. */
  /**
   * A signed-in owner of a new organisation on a plan (Advanced unless said),
   * as the app leaves them after choosing one; `plan: null` leaves it without.
   */
  async function memberOfNewOrganisation(
    email: string,
    organisationName: string,
    { plan = 'ADVANCE' }: { plan?: Plan | null } = {},
  ) {
    const token = await signedInUser(email);
    const organisationId = (await api('addOrganisation', token, { name: organisationName })).body
      .organisation_id as number;
    if (plan) {
      await handle.db
        .updateTable('subscriptions')
        .set({ plan, status: 'active', updated_at: new Date() })
        .where('organisation_id', '=', organisationId)
        .execute();
    }
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { token, userId: user.id, organisationId };
  }

  /**
   * Someone the inviter's organisation invites with this role, who signs up
   * and accepts, as the invitation's link leads them to; returns their token
   * and user id.
   */
  async function invitedMember(inviterToken: string, email: string, role: 'viewer' | 'editor' | 'admin') {
    const invited = await api('sendUserInvite', inviterToken, { email, role });
    if (invited.status !== 200) throw new Error(`The invitation of ${email} was answered ${invited.status}`);
    const { token: inviteToken } = await handle.db
      .selectFrom('invitations')
      .select('token')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const token = await signedInUser(email);
    const { id } = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const accepted = await api('acceptUserInvite', token, { inviteToken, userId: id, username: email });
    if (accepted.status !== 200) throw new Error(`${email}'s acceptance was answered ${accepted.status}`);
    return { token, userId: id };
  }

  return {
    app,
    db: handle.db,
    storage,
    /** The app's mailer, writing to the outbox: for tests that run its jobs' work themselves. */
    mailer,
    cognito,
    signedInUser,
    memberOfNewOrganisation,
    invitedMember,
    api,
    upload,
    /** Closes the app, and fails if any of its answers had a status its contract does not name. */
    async close() {
      await app.close();
      if (jobSchema) await sql.raw(`drop schema if exists ${jobSchema} cascade`).execute(handle.db);
      await handle.close();
      expectOnlyDocumentedStatuses(undocumented);
    },
  };
}
