import { formatIssue, type LayoutIssue } from '../../src/engine/validation/issue';
import type { ApiErrorBody } from '../../src/generated/api-types';

/**
 * An answer the API gives on purpose: a status, a sentence for people, for
 * bad input where, and for a plan's limit which (so a client can word it).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: LayoutIssue[],
    readonly details?: Pick<ApiErrorBody, 'planLimit' | 'conflict'>,
  ) {
    super(message);
  }
}

export const unauthorised = () => new ApiError(401, 'Sign in to continue.');
/** The caller names an organisation that is not theirs, or needs one and has none. */
export const notYours = () => new ApiError(403, 'You do not have access to this organisation.');
/**
 * Used both for "not yours" and "does not exist", so ids of other
 * organisations reveal nothing: "data point 12" → "There is no data point 12 in your organisation."
 */
/** A right the caller's role lacks: screens never offer such an action, so only a forged request meets this. */
export const roleLacks = (role: string, required: string) =>
  new ApiError(
    403,
    `Your role (${role}) does not allow this; it needs ${required} or higher. An admin of your organisation can change your role.`,
  );
export const notFound = (what: string) => new ApiError(404, `There is no ${what} in your organisation.`);

/**
 * 400 for a rule a handler checks beyond the schema, said as a sentence and
 * pointed at the field at fault, as schema validation points at its fields:
 * a client can mark the field without parsing the sentence.
 */
export function fieldError(pointer: string, message: string): ApiError {
  return new ApiError(400, message, [{ pointer, message }]);
}

/** 400 for a body that breaks a rule, naming each problem's pointer, as schema validation does. */
export function invalidBody(issues: LayoutIssue[]): ApiError {
  return invalidRequest(issues, 'request body');
}

/** 400 for any part of a request: "The query string is not valid: /entityId: is required". */
export function invalidRequest(issues: LayoutIssue[], part: string): ApiError {
  return new ApiError(400, `The ${part} is not valid: ${issues.map(formatIssue).join('; ')}`, issues);
}
