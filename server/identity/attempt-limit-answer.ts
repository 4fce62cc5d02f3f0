import { ApiError } from '../http/api-error';
import type { ErrorAnswer } from '../http/api-plugin';
import { CognitoError } from './cognito-error';

/**
 * The user pool's attempt limit, met through an API endpoint (a code asked
 * for again too often), answered 429 in the API's words rather than
 * Cognito's.
 */
export const attemptLimitAnswer: ErrorAnswer = (error) =>
  error instanceof CognitoError && error.name === 'LimitExceededException'
    ? new ApiError(429, 'Too many attempts; please try again in a few minutes.')
    : undefined;
