import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

/** Calls the embedded user pool the way aws-amplify does: POST, X-Amz-Target, amz-json body. */
export function cognitoClient(app: FastifyInstance) {
  return async (operation: string, body: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: '/cognito',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      payload: JSON.stringify(body),
    });
    return {
      status: response.statusCode,
      errorType: response.headers['x-amzn-errortype'],
      body: response.json(),
    };
  };
}

/** The six-digit code in the newest message to an address, as the person would read it. */
export async function latestCode(db: Database, to: string): Promise<string> {
  const message = await db
    .selectFrom('outbox')
    .select('body')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in the message to ${to}`);
  return code;
}
