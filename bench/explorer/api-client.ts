import { EMBEDDED_POOL } from '../../server/config.ts';
import { COGNITO_PATH } from '../../server/identity/cognito-route.ts';
import type { BenchUser } from './load-data.ts';

/** An ID token from the embedded user pool, as the browser's Amplify gets one. */
export async function signIn(baseUrl: string, user: BenchUser): Promise<string> {
  const response = await fetch(`${baseUrl}${COGNITO_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: EMBEDDED_POOL.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult
    .IdToken;
}

/** One chart request as a client makes it: wall-clock time from sending it to holding the parsed answer. */
export async function timedChartRequest<T>(
  baseUrl: string,
  token: string,
  body: string,
): Promise<{ ms: number; answer: T }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/getChartDataByDate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const answer = (await response.json()) as T;
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`getChartDataByDate: ${response.status} ${JSON.stringify(answer)}`);
  return { ms, answer };
}
