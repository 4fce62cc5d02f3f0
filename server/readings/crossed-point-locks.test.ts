import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithPoints } from '../imports/points.test-helper';
import { startTestApp } from '../test-app';
import { describeWithService } from '../test-services.test-helper';
import { until } from '../until.test-helper';
import { WRITE_LOCK } from './point-lock';
import { writeReadingsFrom } from './readings-writer';
import { readingsPerDay } from './stored-hours.test-helper';
import { quarterHours } from './test-points.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** 2024-01-01 in UTC: 96 quarter hours, 60 of them on the 1st in Tokyo (UTC+9) and 36 on the 2nd. */
const DAY = quarterHours('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z');
const ONE_DAY = { ts: DAY, values: DAY.map(() => 1) };

/** A gate a transaction waits at until the test opens it; opened, it lets a transaction run again straight through. */
function gate(): { reached: Promise<void>; open: () => void; pass: () => Promise<void> } {
  let reach = () => {};
  let open = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    reached,
    open,
    pass: () => {
      reach();
      return opened;
    },
  };
}

/**
 * Two transactions that each hold a point the other waits for: PostgreSQL
 * ends one of them to break the deadlock, which the product must run again
 * (db/retried-transaction.ts), not answer as a failure. PGlite runs one
 * transaction at a time, so only PostgreSQL can be made to deadlock.
 */
describeWithService('TEST_DATABASE_URL', 'writes that wait on each other for data points on postgres', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestApp('postgres');
    // Advisory locks are the database's, not the schema's: this file's points take ids no other file's
    // fresh schema reaches, so a wait seen in pg_locks is one of this file's.
    await sql`select setval(pg_get_serial_sequence('data_points', 'id'), ${1_000_000_000 + Math.floor(Math.random() * 1e8)})`.execute(
      server.db,
    );
  });
  afterAll(async () => server?.close());

  /** Until a transaction waits for the point's write lock. */
  const waitingFor = (pointId: number) =>
    until(async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_locks
        where locktype = 'advisory' and not granted and classid = ${WRITE_LOCK} and objid = ${pointId}`.execute(
        server.db,
      );
      return (rows[0]?.waiting ?? 0) > 0;
    }, `a write to wait for data point ${pointId}`);

  /** The point as a writer is handed it (its settings are read again under its lock). */
  const stored = (id: number) =>
    server.db
      .selectFrom('data_points')
      .select(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** A member of a new organisation, and two interval meters on one of its sites in UTC, lower id first. */
  async function twoMeters(email: string) {
    const owner = await server.memberOfNewOrganisation(email, 'Crossed locks');
    const points = await siteWithPoints(server.db, owner.organisationId, 'UTC', [
      { name: 'One', unit: 'kWh', kind: 'interval' },
      { name: 'Two', unit: 'kWh', kind: 'interval' },
    ]);
    return { owner, ids: [points.One as number, points.Two as number] as const };
  }

  it("lets a site's time zone change and a write holding one of its points both finish, in the new zone", async () => {
    const {
      owner,
      ids: [first, second],
    } = await twoMeters('crossed-zone@readings.test');
    const { site_id: siteId } = await server.db
      .selectFrom('data_points')
      .innerJoin('entities', 'entities.id', 'data_points.entity_id')
      .select('entities.site_id')
      .where('data_points.id', '=', first)
      .executeTakeFirstOrThrow();

    // A push of both points that has taken the second's lock, as a write does before it reads the point,
    // and stores its readings once the change holds the organisation's tree and the first point and waits
    // for the second. Its readings refer to the organisation the change holds, so it waits in turn.
    const between = gate();
    const writing = writeReadingsFrom(server.db, 'rest', async (write) => {
      await sql`select pg_advisory_xact_lock(${WRITE_LOCK}, ${second})`.execute(write.trx);
      await between.pass();
      await write.batch(await stored(second), ONE_DAY);
      await write.batch(await stored(first), ONE_DAY);
    });
    await between.reached;
    const change = server.api('updateEntity', owner.token, {
      entityId: siteId as number,
      timeZone: 'Asia/Tokyo',
    });
    await waitingFor(second);
    between.open();

    const [changed] = await Promise.all([change, writing]);
    expect(changed.status).toBe(200);
    for (const point of [first, second]) {
      expect(await readingsPerDay(server.db, point)).toEqual([
        { day: '2024-01-01', readings: 60 },
        { day: '2024-01-02', readings: 36 },
      ]);
    }
  });

  it('stores both of two writes that each hold a point the other comes to next', async () => {
    const {
      ids: [north, south],
    } = await twoMeters('crossed-writes@readings.test');
    const northFirst = gate();
    const southFirst = gate();
    const write = (one: number, other: number, between: ReturnType<typeof gate>, day: string) => {
      const ts = quarterHours(`${day}T00:00:00Z`, `${day}T01:00:00Z`);
      return writeReadingsFrom(server.db, 'rest', async (writing) => {
        await writing.batch(await stored(one), { ts, values: ts.map(() => 2) });
        await between.pass();
        await writing.batch(await stored(other), { ts, values: ts.map(() => 2) });
      });
    };
    // Each has written its first point before either comes to its second.
    const fromNorth = write(north, south, northFirst, '2024-02-01');
    const fromSouth = write(south, north, southFirst, '2024-02-02');
    await Promise.all([northFirst.reached, southFirst.reached]);
    northFirst.open();
    await waitingFor(south);
    southFirst.open();

    const written = await Promise.all([fromNorth, fromSouth]);
    expect(written.map(({ summary }) => summary.written)).toEqual([8, 8]);
    for (const point of [north, south]) {
      expect(await readingsPerDay(server.db, point)).toEqual([
        { day: '2024-02-01', readings: 4 },
        { day: '2024-02-02', readings: 4 },
      ]);
    }
  });
});
