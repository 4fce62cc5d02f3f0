import { ApiError } from '../http/api-error';

/** A span must move forward in time: an empty or reversed one would show nothing, or the wrong thing. */
export function requireStartBeforeEnd(from: string, to: string, what: string): void {
  if (Date.parse(from) >= Date.parse(to)) {
    throw new ApiError(400, `${what} must start before it ends, but from ${from} is not before to ${to}.`);
  }
}
