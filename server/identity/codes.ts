import { createHash, randomInt } from 'node:crypto';
import type { Database } from '../db/database';
import { CognitoError } from './cognito-error';

export type CodePurpose = 'confirm_sign_up' | 'reset_password';

/** How long a code works: a day to confirm a sign-up, an hour to reset a password (as Cognito). */
const LIFETIME_MS: Record<CodePurpose, number> = {
  confirm_sign_up: 24 * 3_600_000,
  reset_password: 3_600_000,
};
/** Wrong guesses before a code stops working: six digits would otherwise fall to a patient script. */
const MAX_FAILED_ATTEMPTS = 5;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A fresh six-digit code; earlier open codes for the same purpose stop working. */
export async function issueCode(db: Database, userId: string, purpose: CodePurpose): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('user_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('user_codes')
      .values({
        user_id: userId,
        purpose,
        code_hash: hashCode(code),
        expires_at: new Date(Date.now() + LIFETIME_MS[purpose]),
      })
      .execute();
  });
  return code;
}

/**
 * Uses up the code if it is the open one for this user and purpose.
 * Throws CodeMismatchException or ExpiredCodeException as Cognito does.
 */
export async function consumeCode(
  db: Database,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const open = await db
    .selectFrom('user_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!open || open.failed_attempts >= MAX_FAILED_ATTEMPTS) {
    throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  if (open.expires_at.getTime() < Date.now()) {
    throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  if (open.code_hash !== hashCode(code)) {
    await db
      .updateTable('user_codes')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', open.id)
      .execute();
    throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  }
  const used = await db
    .updateTable('user_codes')
    .set({ used_at: new Date() })
    .where('id', '=', open.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  // Two requests racing with the same code: only one may win.
  if (Number(used.numUpdatedRows) !== 1) {
    throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
}
