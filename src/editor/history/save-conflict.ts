import { ApiFailure } from '../../api/api-failure';
import type { ApiErrorBody } from '../../generated/api-types';

/** The page's current revision, as a 409 answer to a save from an older one carries it. */
export type ConflictingRevision = NonNullable<ApiErrorBody['conflict']>;

/** The revision a save collided with, when the error is the server's 409; else undefined. */
export function conflictOf(error: unknown): ConflictingRevision | undefined {
  if (!(error instanceof ApiFailure) || error.status !== 409) return undefined;
  return error.body?.conflict;
}
