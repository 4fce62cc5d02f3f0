import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithPoints } from '../imports/points.test-helper';
import { WRITE_LOCK } from '../readings/point-lock';
import { startTestApp } from '../test-app';
import { describeWithService } from '../test-services.test-helper';
import { until } from '../until.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

// A restart of PostgreSQL, as the server sees it: its connections ended by the database (pg_terminate_backend,
// what a shutdown does to each), on this test's connections alone, as other test files share the server.
describeWithService('TEST_DATABASE_URL', 'the API while PostgreSQL restarts', () => {
  let server: Server;
  let member: Awaited<ReturnType<Server['memberOfNewOrganisation']>>;
  let points: Record<string, number>;
  let key: string;

  beforeAll(async () => {
    server = await startTestApp('postgres');
    member = await server.memberOfNewOrganisation('away@example.test', 'Database away');
    points = await siteWithPoints(server.db, member.organisationId, 'UTC', [
      { name: 'Main', unit: 'kWh', kind: 'interval' },
      { name: 'Lighting', unit: 'kWh', kind: 'interval' },
    ]);
    key = (await server.api('restApi', member.token, { name: 'Gateway' })).body.secret;
  });
  afterAll(async () => server?.close());

  const push = (readings: { dataPoint: number; ts: string; value: number }[]) =>
    server.app.inject({
      method: 'POST',
      url: '/api/readings',
      headers: { authorization: `ApiKey ${key}` },
      payload: { readings },
    });
  const stored = async () =>
    Number(
      (
        await sql<{ count: string }>`select count(*)::text as count from readings
          where data_point_id in (${points.Main}, ${points.Lighting})`.execute(server.db)
      ).rows[0]?.count,
    );

  /**
   * Runs `work` while this test holds the point's write lock, ends the
   * connection that waits for it (the write, mid-transaction), then lets go.
   */
  async function cutOffWhileWriting<T>(pointId: number, work: () => Promise<T>): Promise<T> {
    let result: Promise<T> | undefined;
    await server.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${WRITE_LOCK}, ${pointId})`.execute(trx);
      result = work();
      let waiting: number | undefined;
      await until(async () => {
        const { rows } = await sql<{ pid: number }>`select pid from pg_locks
          where locktype = 'advisory' and not granted and classid = ${WRITE_LOCK} and objid = ${pointId}`.execute(
          trx,
        );
        waiting = rows[0]?.pid;
        return waiting !== undefined;
      }, 'the write to wait for the point');
      await sql`select pg_terminate_backend(${waiting})`.execute(trx);
    });
    return result as Promise<T>;
  }

  it('answers again once the database has ended its idle connections, without a restart of its own', async () => {
    expect((await server.api('sites', member.token, {})).status).toBe(200);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.db);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${rows[0]?.schema} and pid <> pg_backend_pid()`.execute(server.db);
    // The pool drops the ended connections as it finds them and opens new ones.
    await until(async () => (await server.api('sites', member.token, {})).status === 200, 'an answer');
  });

  it('refuses a push cut off mid-write with 503 and when to try again, storing none of it', async () => {
    const readings = [
      { dataPoint: points.Main as number, ts: '2025-01-01T00:00:00Z', value: 1 },
      { dataPoint: points.Lighting as number, ts: '2025-01-01T00:00:00Z', value: 2 },
    ];
    const answer = await cutOffWhileWriting(points.Lighting as number, () => push(readings));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({
      message:
        'The database is unavailable for a moment, so nothing was changed. Please try again in a few seconds.',
    });
    // Main was written in the same transaction, before Lighting's lock: rolled back with it.
    expect(await stored()).toBe(0);
    // Sent again, as the client is told to, the push goes through whole.
    expect((await push(readings)).statusCode).toBe(200);
    expect(await stored()).toBe(2);
  });

  it('fails an import cut off mid-write, saying the database was away, storing none of it', async () => {
    const before = await stored();
    const uploaded = await server.upload(
      `meterfiles?name=${encodeURIComponent('away.csv')}`,
      member.token,
      Buffer.from('Meter,Time,kWh\nMain,2025-02-01T00:00:00Z,3\nLighting,2025-02-01T00:00:00Z,4\n'),
      'text/csv',
    );
    expect(uploaded.status).toBe(200);
    const mapping = {
      timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
      value: { column: 'kWh', unit: 'kWh' },
      dataPoint: { column: 'Meter' },
    };
    const started = await cutOffWhileWriting(points.Lighting as number, () =>
      server.api('dataImport', member.token, { fileId: uploaded.body.fileId, mapping }),
    );
    expect(started.status).toBe(200);
    let outcome: { status: string; message: string } | undefined;
    await until(async () => {
      const { body } = await server.api('getUserDataImport', member.token, { importId: started.body.id });
      outcome = body.imports[0];
      return outcome?.status !== 'running';
    }, 'the import to end');
    expect(outcome).toMatchObject({
      status: 'failed',
      message:
        'Nothing was imported: the database was unavailable for a moment during the import. Start it again.',
    });
    expect(await stored()).toBe(before);
  });
});
