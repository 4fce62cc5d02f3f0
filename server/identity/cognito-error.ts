/**
 * An error as a Cognito user pool reports it: Amplify reads the name from
 * the x-amzn-errortype header or the body's __type, and shows the message.
 */
export class CognitoError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const notAuthorized = (message = 'Incorrect username or password.') =>
  new CognitoError('NotAuthorizedException', message);

/** Cognito's answer past a rate limit. */
export const limitExceeded = () =>
  new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');

export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);

/** The field is missing or not a non-empty string: Cognito's own wording for it. */
export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') {
    throw invalidParameter(
      `1 validation error detected: Value at '${field.charAt(0).toLowerCase()}${field.slice(1)}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
}
