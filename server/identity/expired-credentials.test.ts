import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { deleteExpiredCredentials, expiredCredentialsJob } from './expired-credentials';

const USER = randomUUID();
const NOW = new Date('2026-11-29T03:40:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const ahead = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describeEachEngine('deleting ended sessions and spent codes on %s', (engine) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    await handle.db
      .insertInto('users')
      .values({ id: USER, email: 'ada@example.com', password_hash: 'x', attributes: '{}', updated_at: NOW })
      .execute();
  });
  afterAll(async () => handle?.close());

  it('deletes only what can no longer sign anyone in', async () => {
    // Each session is told apart by its refresh token's hash.
    const session = (name: string, expires: Date, revoked: Date | null) => ({
      id: randomUUID(),
      user_id: USER,
      client_id: 'web',
      refresh_token_hash: name,
      expires_at: expires,
      revoked_at: revoked,
    });
    await handle.db
      .insertInto('sessions')
      .values([
        session('live', ahead(60 * 24), null),
        session('expired', ago(1), null),
        // Its access tokens may still be presented for an hour: kept, so they are refused as revoked.
        session('signed-out-just-now', ahead(60 * 24), ago(30)),
        session('signed-out-long-ago', ahead(60 * 24), ago(61)),
      ])
      .execute();
    const code = (hash: string, expires: Date, used: Date | null) => ({
      user_id: USER,
      purpose: 'reset_password' as const,
      code_hash: hash,
      expires_at: expires,
      used_at: used,
    });
    await handle.db
      .insertInto('user_codes')
      .values([
        code('open', ahead(30), null),
        code('expired-an-hour-ago', ago(60), null),
        code('expired-two-days-ago', ago(2 * 24 * 60), null),
        code('used-two-days-ago', ahead(30), ago(2 * 24 * 60)),
      ])
      .execute();

    expect(await deleteExpiredCredentials(handle.db, NOW)).toEqual({ sessions: 2, codes: 2 });
    const sessions = await handle.db
      .selectFrom('sessions')
      .select('refresh_token_hash')
      .orderBy('refresh_token_hash')
      .execute();
    expect(sessions.map(({ refresh_token_hash }) => refresh_token_hash)).toEqual([
      'live',
      'signed-out-just-now',
    ]);
    const codes = await handle.db.selectFrom('user_codes').select('code_hash').orderBy('code_hash').execute();
    expect(codes.map(({ code_hash }) => code_hash)).toEqual(['expired-an-hour-ago', 'open']);
    // Nothing more to delete the next night.
    expect(await deleteExpiredCredentials(handle.db, NOW)).toEqual({ sessions: 0, codes: 0 });
  });

  it('runs nightly on the job runner', () => {
    expect(expiredCredentialsJob(handle.db)).toMatchObject({
      name: 'expired-credentials',
      schedule: { cron: '40 3 * * *', timeZone: 'UTC' },
    });
  });
});
