import { api } from '../generated/api-client';
import type { AppConfigResponse } from '../generated/api-types';
import { amplifyConfig } from './amplify-config';

let poolConfig: Promise<AppConfigResponse['auth']> | undefined;
let configured: Promise<typeof import('aws-amplify/auth')> | undefined;

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
 * absolute URL and with USER_PASSWORD_AUTH. The pool's configuration and
 * aws-amplify's code, the library and its auth API, are fetched side by side.
 */
function configureAmplify(): Promise<typeof import('aws-amplify/auth')> {
  configured ??= Promise.all([readPoolConfig(), import('aws-amplify'), import('aws-amplify/auth')])
    .then(([auth, { Amplify }, authApi]) => {
      Amplify.configure(amplifyConfig(auth, window.location.origin));
      return authApi;
    })
    .catch((error) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

/**
 * Configures aws-amplify now, for a visitor returning with a session, whose
 * restore needs it: beside the signed-in frame's code rather than after the
 * first render. A failure is left to the restore, which tries again.
 */
export function preloadAmplify(): void {
  configureAmplify().catch(() => undefined);
}

/**
 * aws-amplify's auth API, configured for this app. It is fetched when a flow
 * first talks to the pool, not with the app's first script: the sign-in
 * pages, most visitors' first, show without it.
 */
export function amplifyAuth(): Promise<typeof import('aws-amplify/auth')> {
  return configureAmplify();
}
