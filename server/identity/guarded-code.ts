import { type CodePurpose, consumeCode } from './codes';
import type { UserPool } from './user-pool';

/** Uses up an e-mailed code, counting a wrong or expired one against the user and the client address. */
export async function consumeGuardedCode(
  pool: UserPool,
  guessKey: string,
  clientAddress: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  try {
    await consumeCode(pool.db, userId, purpose, code);
  } catch (error) {
    await pool.recordFailedGuess(guessKey, clientAddress);
    throw error;
  }
}
