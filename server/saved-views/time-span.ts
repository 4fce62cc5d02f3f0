import { fieldError } from '../http/api-error';

/** A span must move forward in time: an empty or reversed one would show nothing, or the wrong thing. */
export function requireStartBeforeEnd(from: string, to: string, what: string, toPointer = '/to'): void {
  if (Date.parse(from) >= Date.parse(to)) {
    throw fieldError(
      toPointer,
      `${what} must start before it ends, but from ${from} is not before to ${to}.`,
    );
  }
}
