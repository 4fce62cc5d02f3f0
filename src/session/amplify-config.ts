import type { AppConfigResponse } from '../generated/api-types';

/*
 * How the app talks to its user pool through aws-amplify, in a module of its
 * own with nothing to import at run time: Node scripts (the e2e sign-in, the
 * editor bench) sign in as the browser does without loading the app.
 */

/**
 * aws-amplify's configuration for the user pool /api/appConfig names, the
 * server at `origin`: the server's own pool's endpoint is a path there, and
 * Amplify needs it as an absolute URL.
 */
export function amplifyConfig(auth: AppConfigResponse['auth'], origin: string) {
  return {
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.userPoolClientId,
        ...(auth.userPoolEndpointPath ? { userPoolEndpoint: `${origin}${auth.userPoolEndpointPath}` } : {}),
        loginWith: { email: true as const },
      },
    },
  };
}

/** Sign-in options for this app: the embedded pool speaks USER_PASSWORD_AUTH, as Cognito app clients can. */
export const SIGN_IN_OPTIONS = { authFlowType: 'USER_PASSWORD_AUTH' } as const;
