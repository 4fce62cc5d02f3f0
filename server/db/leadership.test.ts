import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithService } from '../test-services.test-helper';
import { until } from '../until.test-helper';
import { type DatabaseHandle, openDatabase } from './database';
import { holdLead, type Lead } from './leadership';
import { createTestSchema, openTestDatabase, type TestPlace } from './test-database';

/** A key no other test shares: advisory locks are the whole database's, whichever schema a test uses. */
const ownKey = () => 1_000_000 + Math.floor(Math.random() * 1_000_000);
const CHECK_MS = 100;

/** A process contending for the lead, noting when it leads and resigns in the shared record. */
function contender(database: DatabaseHandle, key: number, name: string, record: string[]): Lead {
  return holdLead(database, key, {
    checkMs: CHECK_MS,
    log: () => {},
    lead: () => {
      record.push(`${name} leads`);
    },
    resign: async () => {
      record.push(`${name} resigns`);
    },
  });
}

/** Which contenders lead, from the record: each is leading between its "leads" and its next "resigns". */
function leading(record: string[]): string[] {
  const now = new Set<string>();
  for (const line of record) {
    const [name, what] = line.split(' ') as [string, string];
    if (what === 'leads') now.add(name);
    else now.delete(name);
  }
  return [...now];
}

describeWithService('TEST_DATABASE_URL', 'a lead held by one process at a time on PostgreSQL', () => {
  let place: TestPlace;
  const processes: DatabaseHandle[] = [];
  const open = async () => {
    const handle = await openDatabase({ url: place.url });
    processes.push(handle);
    return handle;
  };
  beforeAll(async () => {
    place = await createTestSchema();
  });
  afterAll(async () => {
    await Promise.all(processes.map((handle) => handle.close()));
    await place?.drop();
  });

  it('is taken by one of two, and by the other once the first stops', async () => {
    const key = ownKey();
    const record: string[] = [];
    const a = contender(await open(), key, 'a', record);
    await until(async () => record.includes('a leads'), 'a to lead');
    const b = contender(await open(), key, 'b', record);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 4));
    expect(leading(record)).toEqual(['a']);

    await a.stop();
    await until(async () => record.includes('b leads'), 'b to take the lead');
    // Never two at once: a had resigned before b led.
    expect(record).toEqual(['a leads', 'a resigns', 'b leads']);
    await b.stop();
    expect(leading(record)).toEqual([]);
  });

  it('is given up when the leader loses its connection, and taken again by one of them', async () => {
    const key = ownKey();
    const record: string[] = [];
    const first = await open();
    const a = contender(first, key, 'a', record);
    await until(async () => record.includes('a leads'), 'a to lead');
    const b = contender(await open(), key, 'b', record);

    // The database ends the leader's connection, as a restart or a network cut would.
    const ended = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_locks
      where locktype = 'advisory' and objid = ${key} and granted
    `.execute(first.db);
    expect(ended.rows).toEqual([{ ended: true }]);
    await until(async () => record.length >= 3, 'the lead to be taken again');
    // a resigned before anyone led again (a asks again on a new connection, and may win it back).
    expect(record.slice(0, 2)).toEqual(['a leads', 'a resigns']);
    expect(record[2]).toMatch(/^[ab] leads$/);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 4));
    expect(leading(record)).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  });
});

describe('a lead on PGlite', () => {
  it("is the one process's at once, until it stops", async () => {
    const database = await openTestDatabase('pglite');
    const record: string[] = [];
    const lead = contender(database, ownKey(), 'alone', record);
    await until(async () => record.includes('alone leads'), 'the lead');
    await lead.stop();
    expect(record).toEqual(['alone leads', 'alone resigns']);
    await database.close();
  });
});
