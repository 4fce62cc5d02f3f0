import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';
import type { Database } from '../db/database';
import type { PoolSettings } from './pool-settings';
import { publicKeySet } from './signing-keys';
import type { TokenCheck } from './verify-token';

/** What the browser's Amplify needs to reach the user pool; nothing secret. */
export interface BrowserAuthConfig {
  userPoolId: string;
  userPoolClientId: string;
  /** Set for the embedded pool: Amplify then talks to this server instead of AWS. */
  userPoolEndpointPath?: string;
}

export interface IdentityMode {
  /** The embedded pool this server runs, or undefined when a Cognito pool is configured. */
  embeddedPool: PoolSettings | undefined;
  tokenCheck(): Promise<TokenCheck>;
  /** Embedded tokens name a session that global sign-out ends; Cognito's are checked by signature alone. */
  checkSessions: boolean;
  /** With Cognito, people exist in the pool first: their row here is made on their first request. */
  provisionUsers: boolean;
  browser: BrowserAuthConfig;
}

/** After an unknown key id, wait this long before reading the keys again: bogus tokens must not hammer the database. */
const RELOAD_COOLDOWN_MS = 5_000;

export function embeddedIdentity(db: Database, pool: PoolSettings, endpointPath: string): IdentityMode {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  let loadedAt = 0;
  const load = () => {
    loadedAt = Date.now();
    keySet = publicKeySet(db).then((keys) => createLocalJWKSet(keys));
    return keySet;
  };
  // Like jose's remote key set: keys are kept in memory and read again when a token names one not seen yet.
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await (await (keySet ?? load()))(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - loadedAt < RELOAD_COOLDOWN_MS)
        throw error;
      return (await load())(header, token);
    }
  };
  const check: TokenCheck = { issuer: pool.issuer, clientId: pool.clientId, keys };
  return {
    embeddedPool: pool,
    checkSessions: true,
    provisionUsers: false,
    browser: {
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      userPoolEndpointPath: endpointPath,
    },
    tokenCheck: async () => check,
  };
}

export interface CognitoSettings {
  region: string;
  userPoolId: string;
  clientId: string;
  /** Where the pool publishes its keys; Cognito's own address when left out. */
  jwksUrl?: string;
  /** The tokens' iss claim; Cognito's own form when left out. */
  issuer?: string;
}

/** A real Cognito user pool: tokens verified against its published JWKS with the same jose code. */
export function cognitoIdentity(settings: CognitoSettings): IdentityMode {
  const { region, userPoolId, clientId } = settings;
  const issuer = settings.issuer ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  const check: TokenCheck = {
    issuer,
    clientId,
    keys: createRemoteJWKSet(new URL(settings.jwksUrl ?? `${issuer}/.well-known/jwks.json`)),
  };
  return {
    embeddedPool: undefined,
    checkSessions: false,
    provisionUsers: true,
    browser: { userPoolId, userPoolClientId: clientId },
    tokenCheck: async () => check,
  };
}
