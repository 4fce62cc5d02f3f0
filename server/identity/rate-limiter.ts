import { sql } from 'kysely';
import type { Database } from '../db/database';
import { type CognitoError, limitExceeded } from './cognito-error';

export interface RateLimiter {
  /** Throws the refusal when the key has failed too often in this window; counts nothing. */
  assertAllowed(key: string): Promise<void>;
  /** Counts a failure against the key. */
  recordFailure(key: string): Promise<void>;
  /** Counts an attempt, right or wrong, and throws the refusal past the limit: check and count in one statement. */
  consume(key: string): Promise<void>;
}

interface Limit {
  limit: number;
  windowMs: number;
  /** The error past the limit: Cognito's LimitExceededException unless told otherwise. */
  refusal?: () => CognitoError;
}

/**
 * Counts attempts per key in fixed windows and refuses further ones past the
 * limit, as Cognito does with LimitExceededException. Callers that count only
 * failures (assertAllowed, then recordFailure) never slow down people who sign
 * in correctly. Counted in the database (rate_limit_windows, under `name`), so
 * every server process on it shares one count: N processes do not give a
 * guesser N times the attempts. Windows start and end by the database's clock,
 * so processes whose clocks differ still agree on them.
 */
export function createRateLimiter(
  db: Database,
  name: string,
  { limit, windowMs, refusal = limitExceeded }: Limit,
): RateLimiter {
  const sweep = sweeper(db, name, windowMs);
  return {
    async assertAllowed(key) {
      if ((await currentCount(db, name, key, windowMs)) >= limit) throw refusal();
    },
    async recordFailure(key) {
      await countAttempt(db, name, key, windowMs);
      await sweep();
    },
    async consume(key) {
      // A refused attempt is counted too, which changes nothing: the window does not move, and its count
      // stays past the limit until it ends. Counting first is what makes check and count one atomic step.
      const count = await countAttempt(db, name, key, windowMs);
      await sweep();
      if (count > limit) throw refusal();
    },
  };
}

/** The earliest start of a window still open: one that started at or before it has ended. */
function openSince(windowMs: number) {
  return sql<Date>`now() - make_interval(secs => ${windowMs / 1000})`;
}

/** The key's count in its open window; 0 when it has none. */
async function currentCount(db: Database, limiter: string, key: string, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_windows')
    .select('count')
    .where('limiter', '=', limiter)
    .where('key', '=', key)
    .where('started_at', '>', openSince(windowMs))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/**
 * Adds one to the key's count and returns it, starting a new window when the
 * last has ended. One statement: PostgreSQL locks the row for the update, so
 * processes counting the same key at once each add their one, never reading
 * a count another is about to change.
 */
async function countAttempt(db: Database, limiter: string, key: string, windowMs: number): Promise<number> {
  const ended = sql<boolean>`rate_limit_windows.started_at <= ${openSince(windowMs)}`;
  const row = await db
    .insertInto('rate_limit_windows')
    .values({ limiter, key, started_at: sql<Date>`now()`, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(['limiter', 'key']).doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else rate_limit_windows.count + 1 end`,
        started_at: sql<Date>`case when ${ended} then now() else rate_limit_windows.started_at end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Deletes the limiter's ended windows, at most once a window in each process:
 * the table keeps only keys counted in about the last two windows, however
 * many addresses a guesser uses, and the delete runs too seldom to be worth
 * an index on started_at that every count would have to update.
 */
function sweeper(db: Database, limiter: string, windowMs: number): () => Promise<void> {
  let lastSwept = Number.NEGATIVE_INFINITY;
  return async () => {
    if (Date.now() - lastSwept < windowMs) return;
    // Set before the delete, so the counts arriving while it runs do not each start another.
    lastSwept = Date.now();
    await db
      .deleteFrom('rate_limit_windows')
      .where('limiter', '=', limiter)
      .where('started_at', '<=', openSince(windowMs))
      .execute();
  };
}
