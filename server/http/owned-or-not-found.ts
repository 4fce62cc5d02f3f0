import { notFound } from './api-error';

/**
 * The row a query module found by id within the caller's organisation, or
 * 404 with `what` named ("data point 12"). An id that does not exist and an
 * id of another organisation get the same answer, so ids reveal nothing, and
 * it is 404, not 403, because 403 means a right the caller's role lacks (and
 * the browser signs out on it, spec §4).
 */
export function ownedOrNotFound<R>(row: R | undefined, what: string): R {
  if (row === undefined) throw notFound(what);
  return row;
}
