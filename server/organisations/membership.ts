import { notYours } from '../http/api-error';
import type { Caller } from '../http/authenticate';

/** The caller must belong to the organisation named in the request; anything else is refused the same way. */
export function requireMember(caller: Caller, organisationId: number): void {
  if (caller.organisationId !== organisationId) throw notYours();
}
