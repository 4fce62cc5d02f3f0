import { formatIssue, type LayoutIssue } from '../../src/engine/validation/issue';

/** An answer the API gives on purpose: a status, a sentence for people, and for bad input, where. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: LayoutIssue[],
  ) {
    super(message);
  }
}

export const unauthorised = () => new ApiError(401, 'Sign in to continue.');
/** Used both for "not yours" and "does not exist", so ids of other organisations reveal nothing. */
export const notYours = () => new ApiError(403, 'You do not have access to this organisation.');

/** 400 for a body that breaks a rule, naming each problem's pointer, as schema validation does. */
export function invalidBody(issues: LayoutIssue[]): ApiError {
  return new ApiError(400, `The request body is not valid: ${issues.map(formatIssue).join('; ')}`, issues);
}
