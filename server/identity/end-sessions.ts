import type { Database } from '../db/database';

/** Ends every open session of a user: their refresh tokens stop working, and the access tokens of those sessions. */
export async function endAllSessions(db: Database, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
