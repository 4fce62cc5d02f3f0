import { CognitoError } from './cognito-error';

/**
 * Counts attempts per key in fixed windows and refuses past the limit, as
 * Cognito does with LimitExceededException. In memory: limits apply per
 * server process, which is enough to make guessing codes and passwords slow.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    hit(key: string): void {
      const now = Date.now();
      const window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        if (windows.size > 10_000) sweep(now);
        return;
      }
      window.count++;
      if (window.count > limit) {
        throw new CognitoError(
          'LimitExceededException',
          'Attempt limit exceeded, please try after some time.',
        );
      }
    },
  };

  function sweep(now: number): void {
    for (const [key, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(key);
  }
}
