import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CognitoError } from './cognito-error';
import { confirmSignUp, resendConfirmationCode } from './operations/confirm-sign-up';
import { confirmForgotPassword, forgotPassword } from './operations/forgot-password';
import { initiateAuth } from './operations/initiate-auth';
import { getTokensFromRefreshToken } from './operations/refresh-tokens';
import { globalSignOut, revokeToken } from './operations/sign-out';
import { signUp } from './operations/sign-up';
import { getUser, updateUserAttributes } from './operations/user-attributes';
import { publicKeySet } from './signing-keys';
import type { UserPool } from './user-pool';

type Operation = (pool: UserPool, body: Record<string, unknown>, clientAddress: string) => Promise<object>;

/**
 * The operations aws-amplify v6 and the AWS SDK call, by their X-Amz-Target
 * name. A Map, so a name such as `constructor` or `__proto__` is unknown
 * like any other, never a member of Object.
 */
const OPERATIONS = new Map<string, Operation>([
  ['SignUp', signUp],
  ['ConfirmSignUp', confirmSignUp],
  ['ResendConfirmationCode', resendConfirmationCode],
  ['InitiateAuth', initiateAuth],
  ['GetTokensFromRefreshToken', getTokensFromRefreshToken],
  ['GlobalSignOut', globalSignOut],
  ['RevokeToken', revokeToken],
  ['ForgotPassword', forgotPassword],
  ['ConfirmForgotPassword', confirmForgotPassword],
  ['GetUser', getUser],
  ['UpdateUserAttributes', updateUserAttributes],
]);

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
export const COGNITO_PATH = '/cognito';

/**
 * A Cognito-compatible user-pool endpoint for when no Cognito pool is
 * configured: POST with X-Amz-Target, JSON in and out, errors named as
 * Cognito names them (shared/notes/cognito-wire.md). Same origin as the app,
 * so browsers send no preflight.
 */
export async function cognitoRoutes(app: FastifyInstance, { pool }: { pool: UserPool }): Promise<void> {
  app.addContentTypeParser(
    'application/x-amz-json-1.1',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new CognitoError('SerializationException', 'The request body is not valid JSON.'), undefined);
      }
    },
  );

  // The AWS SDK posts to the endpoint's root with a trailing slash; Amplify without.
  const operationRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX)
      ? OPERATIONS.get(target.slice(TARGET_PREFIX.length))
      : undefined;
    if (!operation) {
      return sendError(
        reply,
        new CognitoError('UnknownOperationException', `Unknown operation ${target || '(none)'}.`),
      );
    }
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return sendError(
        reply,
        new CognitoError('SerializationException', 'The request body must be a JSON object.'),
      );
    }
    const result = await operation(pool, body as Record<string, unknown>, request.ip);
    return reply.header('content-type', 'application/x-amz-json-1.1').send(result);
  };
  app.post(COGNITO_PATH, operationRoute);
  app.post(`${COGNITO_PATH}/`, operationRoute);

  app.get(`${COGNITO_PATH}/.well-known/jwks.json`, async () => publicKeySet(pool.db));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof CognitoError) return sendError(reply, error);
    if ((error as { statusCode?: number }).statusCode === 413) {
      return sendError(reply, new CognitoError('InvalidParameterException', 'The request is too large.'));
    }
    request.log.error({ err: error }, 'user pool operation failed');
    return sendError(reply, new CognitoError('InternalErrorException', 'An internal error occurred.', 500));
  });
}

function sendError(reply: FastifyReply, error: CognitoError) {
  return reply
    .status(error.status)
    .header('x-amzn-errortype', error.name)
    .header('content-type', 'application/x-amz-json-1.1')
    .send({ __type: error.name, message: error.message });
}
