import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrate } from './migrate';
import { describeEachEngine, openTestDatabase } from './test-database';

describeEachEngine('migrations on %s', (engine) => {
  it('apply once, in order, and a second run applies nothing', async () => {
    const handle = await openTestDatabase(engine);
    try {
      const recorded = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
        handle.db,
      );
      expect(recorded.rows.map((row) => row.name)[0]).toBe('0001_identity.sql');
      expect(await migrate(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('run transactions one at a time, so concurrent writers never interleave', async () => {
    const handle = await openTestDatabase(engine);
    try {
      const insert = (id: string, email: string) =>
        handle.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values({ id, email, password_hash: 'x', updated_at: new Date() })
            .execute();
          if (email === 'b@example.com') throw new Error('roll back');
        });
      const results = await Promise.allSettled([
        insert('00000000-0000-4000-8000-000000000001', 'a@example.com'),
        insert('00000000-0000-4000-8000-000000000002', 'b@example.com'),
        insert('00000000-0000-4000-8000-000000000003', 'c@example.com'),
      ]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const emails = await handle.db.selectFrom('users').select('email').orderBy('email').execute();
      expect(emails.map((row) => row.email)).toEqual(['a@example.com', 'c@example.com']);
    } finally {
      await handle.close();
    }
  });
});
