import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, databaseIdentity } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { writeBatches, writeReadingsFrom } from './readings-writer';
import { recordReadingsWritten } from './readings-written.test-helper';
import { pointOnNewSite, quarterHours } from './test-points.test-helper';

// Two databases in one process, as a test or a bench runs two apps: their point ids run alike.
let first: DatabaseHandle;
let second: DatabaseHandle;

beforeAll(async () => {
  [first, second] = await Promise.all([openTestDatabase('pglite'), openTestDatabase('pglite')]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

it('tells each write with the database it went to, whether the writer opened the transaction or joined one', async () => {
  const inFirst = await pointOnNewSite(first.db, 'instantaneous', 'Europe/London');
  const inSecond = await pointOnNewSite(second.db, 'instantaneous', 'Europe/London');
  expect(inSecond.id).toBe(inFirst.id);
  const ts = quarterHours('2026-10-01T00:00:00Z', '2026-10-01T01:00:00Z');
  const series = { ts, values: ts.map(() => 21) };
  const recorded = recordReadingsWritten();
  try {
    await writeBatches(first.db, 'rest', [{ point: inFirst, series }]);
    await writeBatches(second.db, 'rest', [{ point: inSecond, series }]);
    await second.db
      .transaction()
      .execute((trx) =>
        writeReadingsFrom(trx, 'csv', (write) =>
          write.batch(inSecond, { ts: [ts[0] as number], values: [22] }),
        ),
      );
  } finally {
    recorded.stop();
  }
  expect(recorded.writes.map((write) => [write.source, write.pointIds])).toEqual([
    ['rest', [inFirst.id]],
    ['rest', [inSecond.id]],
    ['csv', [inSecond.id]],
  ]);
  // Told apart by identity: the two databases' adapters are alike field for field.
  const wentTo = (database: object) =>
    [first, second].findIndex((handle) => database === databaseIdentity(handle.db));
  expect(recorded.databases.map(wentTo)).toEqual([0, 1, 1]);
});
