import { notYours } from '../http/api-error';
import type { Caller } from '../http/authenticate';

/** The caller must belong to the organisation named in the request; anything else is refused the same way. */
export function requireMember(caller: Caller, organisationId: number): void {
  if (caller.organisationId !== organisationId) throw notYours();
}

/** The caller's organisation, for routes that act on it; a caller with none is refused like any outsider. */
export function callerOrganisation(caller: Caller): number {
  if (caller.organisationId === null) throw notYours();
  return caller.organisationId;
}
