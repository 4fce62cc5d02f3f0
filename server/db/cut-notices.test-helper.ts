import pg from 'pg';

/**
 * Notes the notices connections (postgres-notices.ts) open on the test
 * server now; `cut` then has PostgreSQL end the ones opened since, as a
 * restart of the server or a failover would, and leaves the rest alone.
 * Only the test's own: `url` is a test schema's (createTestSchema), whose
 * connections carry its name, so files running beside it keep theirs.
 */
export async function noticesConnectionsFromNow(url: string): Promise<{ cut(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const listening = async () =>
    (
      await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where query like 'listen %' and datname = current_database()
           and application_name = current_setting('application_name')`,
      )
    ).rows.map((row) => row.pid);
  const before = await listening();
  return {
    async cut() {
      try {
        for (const pid of (await listening()).filter((each) => !before.includes(each)))
          await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
    },
  };
}
