import { api } from '../generated/api-client';
import type { AppConfigResponse } from '../generated/api-types';
import { amplifyConfig } from './amplify-config';

let poolConfig: Promise<AppConfigResponse['auth']> | undefined;
let configured: Promise<void> | undefined;

/**
 * The user pool the server names, read once (again after a failure). The app
 * reads it at start, to know whether anyone can sign in, without aws-amplify.
 */
export function readPoolConfig(): Promise<AppConfigResponse['auth']> {
  poolConfig ??= api
    .appConfig()
    .then(({ auth }) => auth)
    .catch((error) => {
      poolConfig = undefined;
      throw error;
    });
  return poolConfig;
}

/**
 * Points aws-amplify at the user pool the server names: a Cognito pool, or
 * the server's own Cognito-compatible endpoint, which Amplify needs as an
 * absolute URL and with USER_PASSWORD_AUTH.
 */
function configureAmplify(): Promise<void> {
  configured ??= Promise.all([readPoolConfig(), import('aws-amplify')])
    .then(([auth, { Amplify }]) => {
      Amplify.configure(amplifyConfig(auth, window.location.origin));
    })
    .catch((error) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

/**
 * Fetches aws-amplify's code, unconfigured, for a visitor returning with a
 * session: beside the pool's configuration rather than after it, as restoring
 * the session needs both. A failure is left to the flow that needs it.
 */
export function preloadAmplify(): void {
  Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).catch(() => undefined);
}

/**
 * aws-amplify's auth API, configured for this app. It is fetched when a flow
 * first talks to the pool, not with the app's first script: the sign-in
 * pages, most visitors' first, show without it.
 */
export async function amplifyAuth(): Promise<typeof import('aws-amplify/auth')> {
  await configureAmplify();
  return import('aws-amplify/auth');
}
