import { Amplify } from 'aws-amplify';
import { api } from '../generated/api-client';

let configured: Promise<void> | undefined;

/**
 * Points aws-amplify at the user pool the server names: a Cognito pool, or
 * the server's own Cognito-compatible endpoint, which Amplify needs as an
 * absolute URL and with USER_PASSWORD_AUTH.
 */
export function configureAmplify(): Promise<void> {
  configured ??= api
    .appConfig()
    .then(({ auth }) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: auth.userPoolId,
            userPoolClientId: auth.userPoolClientId,
            ...(auth.userPoolEndpointPath
              ? { userPoolEndpoint: `${window.location.origin}${auth.userPoolEndpointPath}` }
              : {}),
            loginWith: { email: true },
          },
        },
      });
    })
    .catch((error) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

/** Sign-in options for this app: the embedded pool speaks USER_PASSWORD_AUTH, as Cognito app clients can. */
export const SIGN_IN_OPTIONS = { authFlowType: 'USER_PASSWORD_AUTH' } as const;
