import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { CognitoError } from './cognito-error';
import { createRateLimiter } from './rate-limiter';

const limitExceeded = {
  name: 'LimitExceededException',
  message: 'Attempt limit exceeded, please try after some time.',
};

/**
 * Two limiters of one name over one database stand for two server processes:
 * whatever one counts, the other must see, or N processes would give a
 * guesser N times the attempts.
 */
describeEachEngine('rate limits counted in the database on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(async () => handle?.close());

  /** Two "processes'" limiters of one name, limit 3; each test names its own, so their counts never meet. */
  const twoProcesses = (name: string, options: { windowMs?: number; refusal?: () => CognitoError } = {}) => {
    const limit = { limit: 3, windowMs: 60_000, ...options };
    return [createRateLimiter(handle.db, name, limit), createRateLimiter(handle.db, name, limit)] as const;
  };

  const rowsOf = async (limiter: string) =>
    handle.db
      .selectFrom('rate_limit_windows')
      .select(['key', 'count'])
      .where('limiter', '=', limiter)
      .orderBy('key')
      .execute();

  it('shares one count of failures between processes: the fourth attempt is refused by either', async () => {
    const [a, b] = twoProcesses('shared-failures');
    await a.recordFailure('ada@example.com');
    await b.recordFailure('ada@example.com');
    await expect(a.assertAllowed('ada@example.com')).resolves.toBeUndefined();
    await expect(b.assertAllowed('ada@example.com')).resolves.toBeUndefined();
    await a.recordFailure('ada@example.com');
    await expect(a.assertAllowed('ada@example.com')).rejects.toMatchObject(limitExceeded);
    await expect(b.assertAllowed('ada@example.com')).rejects.toMatchObject(limitExceeded);
    // Another key, and the same key under another limiter's name, count apart.
    await expect(b.assertAllowed('bob@example.com')).resolves.toBeUndefined();
    await expect(twoProcesses('other-limit')[0].assertAllowed('ada@example.com')).resolves.toBeUndefined();
  });

  it('checks and counts every attempt in one step: the fourth is refused by either, in the error given', async () => {
    const tooMany = () => new CognitoError('TooManyRequestsException', 'Too many requests.');
    const [a, b] = twoProcesses('shared-attempts', { refusal: tooMany });
    await a.consume('192.0.2.1');
    await b.consume('192.0.2.1');
    await a.consume('192.0.2.1');
    await expect(b.consume('192.0.2.1')).rejects.toMatchObject({ name: 'TooManyRequestsException' });
    await expect(a.consume('192.0.2.1')).rejects.toMatchObject({ name: 'TooManyRequestsException' });
    await expect(a.consume('192.0.2.2')).resolves.toBeUndefined();
  });

  it('lets exactly the limit through when both processes count one key at the same moment', async () => {
    const [a, b] = twoProcesses('at-once');
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) => (index % 2 ? a : b).consume('192.0.2.3')),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
    expect(await rowsOf('at-once')).toEqual([{ key: '192.0.2.3', count: 12 }]);
  });

  it('starts a fresh window once the last has ended', async () => {
    const [a, b] = twoProcesses('short-window', { windowMs: 300 });
    for (const limiter of [a, b, a]) await limiter.recordFailure('ada@example.com');
    await expect(b.assertAllowed('ada@example.com')).rejects.toMatchObject(limitExceeded);
    await pause(400);
    await expect(a.assertAllowed('ada@example.com')).resolves.toBeUndefined();
    await b.consume('ada@example.com');
    expect(await rowsOf('short-window')).toEqual([{ key: 'ada@example.com', count: 1 }]);
  });

  it('deletes ended windows of its own limiter as it counts, so the table does not grow forever', async () => {
    const [a] = twoProcesses('swept', { windowMs: 200 });
    const [other] = twoProcesses('not-swept', { windowMs: 200 });
    await a.recordFailure('192.0.2.4');
    await other.recordFailure('192.0.2.4');
    await pause(300);
    await a.recordFailure('192.0.2.5');
    expect(await rowsOf('swept')).toEqual([{ key: '192.0.2.5', count: 1 }]);
    expect(await rowsOf('not-swept')).toEqual([{ key: '192.0.2.4', count: 1 }]);
  });

  it('takes any text as a key, quotes and all, as a value rather than SQL', async () => {
    const [a, b] = twoProcesses('odd-keys');
    const key = "o'brien@example.com'); drop table rate_limit_windows; --";
    for (const limiter of [a, b, a]) await limiter.recordFailure(key);
    await expect(b.assertAllowed(key)).rejects.toMatchObject(limitExceeded);
    expect(await rowsOf('odd-keys')).toEqual([{ key, count: 3 }]);
  });
});
