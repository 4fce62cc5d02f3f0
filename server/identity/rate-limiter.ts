import { type CognitoError, limitExceeded } from './cognito-error';

/**
 * Counts failures per key in fixed windows and refuses further attempts past
 * the limit, as Cognito does with LimitExceededException. Only failures
 * count, so people who sign in correctly are never slowed down. In memory:
 * limits apply per server process, which is enough to make guessing slow.
 */
export function createRateLimiter({
  limit,
  windowMs,
  refusal = limitExceeded,
}: {
  limit: number;
  windowMs: number;
  /** The error past the limit: Cognito's LimitExceededException unless told otherwise. */
  refusal?: () => CognitoError;
}) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  const current = (key: string, now: number) => {
    const window = windows.get(key);
    return window && now - window.startedAt < windowMs ? window : undefined;
  };
  return {
    /** Throws LimitExceededException when the key has failed too often in this window. */
    assertAllowed(key: string): void {
      if ((current(key, Date.now())?.count ?? 0) >= limit) throw refusal();
    },
    recordFailure(key: string): void {
      const now = Date.now();
      const window = current(key, now);
      if (window) window.count++;
      else windows.set(key, { startedAt: now, count: 1 });
      if (windows.size > 10_000) {
        for (const [stale, entry] of windows) if (now - entry.startedAt >= windowMs) windows.delete(stale);
      }
    },
  };
}
