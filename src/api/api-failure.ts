import type { ApiErrorBody } from '../generated/api-types';
import { planLimitText } from './plan-limit-text';

/** A problem the API reported: its status and parsed body, thrown to the caller (spec §8). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | undefined,
  ) {
    // A plan's limit is said from its parts, in the person's language; other refusals in the server's words.
    super(
      body?.planLimit ? planLimitText(body.planLimit) : (body?.message ?? `The server answered ${status}.`),
    );
  }
}

/** The server's 404: what was asked for does not exist, or belongs to another organisation. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiFailure && error.status === 404;
}
