import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { packedRows, rowsByPoint, unpackRows } from './packed-columns';
import { describeEachEngine, openTestDatabase } from './test-database';

describeEachEngine('packed rows on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(async () => handle?.close());

  const pack = async (values: string) => {
    const { rows } = await sql<{ rows: string }>`
      select ${packedRows(['id', 'k', 'v'])} as rows from (values ${sql.raw(values)}) as t(id, k, v)`.execute(
      handle.db,
    );
    return unpackRows(rows[0]?.rows ?? '', 3);
  };

  it('gives every column back exactly, a NULL as null', async () => {
    const columns = await pack(`(7, 19875, 0.1::float8 + 0.2), (7, 19876, null), (9, -3, 1e300)`);
    expect(columns).toEqual([
      [7, 7, 9],
      [19875, 19876, -3],
      [0.1 + 0.2, null, 1e300],
    ]);
  });

  it('reads an infinite value (JSON has no word for it) rather than failing', async () => {
    const columns = await pack(`(1, 1, 'Infinity'::float8), (1, 2, 4.5)`);
    expect(columns[2]).toEqual([Number.POSITIVE_INFINITY, 4.5]);
  });

  it('gives no rows for no rows', async () => {
    expect(await pack(`(1, 1, 1.0) limit 0`)).toEqual([[], [], []]);
  });
});

describe('rowsByPoint', () => {
  it('groups rows by point, each in key order, whatever order they came in', () => {
    const ids = [2, 1, 2, 1, 2];
    const keys = [30, 5, 10, 6, 20];
    const groups = rowsByPoint([ids, keys]);
    expect([...groups.keys()]).toEqual([2, 1]);
    expect(groups.get(2)?.map((row) => keys[row])).toEqual([10, 20, 30]);
    expect(groups.get(1)?.map((row) => keys[row])).toEqual([5, 6]);
  });
});

describe('unpackRows', () => {
  it('refuses a text that is not whole rows', () => {
    expect(() => unpackRows('1,2,3', 2)).toThrow('3 numbers are not rows of 2');
  });
});
