import type { ApiErrorBody } from '../../src/generated/api-types';
import { ApiError } from './api-error';

/** The 409 of a page or a report (`subject`, as the message names it) saved over a revision that is not current. */
export function staleRevision(
  subject: string,
  baseRevision: number,
  current: NonNullable<ApiErrorBody['conflict']>,
): ApiError {
  const by = current.author ? ` by ${current.author}` : '';
  return new ApiError(
    409,
    `${subject} is at revision ${current.revision} (saved${by} at ${current.savedAt}), not revision ${baseRevision} that this save started from. Nothing was saved: compare the two, then save again from revision ${current.revision}.`,
    undefined,
    { conflict: current },
  );
}
