import { ApiError } from '../http/api-error';
import type { Caller } from '../http/authenticate';

/** Each user reads and writes only their own profile. */
export function requireSelf(caller: Caller, userId: string): void {
  if (userId !== caller.userId) throw new ApiError(403, 'You can only see and change your own profile.');
}
