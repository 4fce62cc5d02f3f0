import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { copyRows } from './copy';
import { CopyData } from './copy-data';
import { describeEachEngine, openTestDatabase } from './test-database';

describeEachEngine('binary COPY on %s', (engine) => {
  it('loads arrays as written: empty, with nulls, of instants and of integers', async () => {
    const handle = await openTestDatabase(engine);
    try {
      await sql`create table arrays (id int4, at timestamptz[], numbers float8[], counts int4[])`.execute(
        handle.db,
      );
      const data = new CopyData();
      data.row(4).int4(1).timestamptzArray([]).float8Array([]).int4Array([]);
      data
        .row(4)
        .int4(2)
        .timestamptzArray([Date.UTC(2024, 9, 27, 1), Date.UTC(1969, 11, 31, 23, 59)]);
      data.float8Array([null, -1.25, 3e-9]).int4Array([96, -7, 0]);
      await copyRows(handle.db, 'arrays', ['id', 'at', 'numbers', 'counts'], data);

      const { rows } = await sql<{ id: number; at: Date[]; numbers: (number | null)[]; counts: number[] }>`
        select id, at, numbers, counts from arrays order by id`.execute(handle.db);
      expect(rows.map((row) => ({ ...row, at: row.at.map((instant) => instant.toISOString()) }))).toEqual([
        { id: 1, at: [], numbers: [], counts: [] },
        {
          id: 2,
          at: ['2024-10-27T01:00:00.000Z', '1969-12-31T23:59:00.000Z'],
          numbers: [null, -1.25, 3e-9],
          counts: [96, -7, 0],
        },
      ]);
    } finally {
      await handle.close();
    }
  });

  // On PostgreSQL the data travels right behind the statement, before the server has agreed to copy.
  it('reports a COPY the database refuses, before or while loading, and the connection serves on', async () => {
    const handle = await openTestDatabase(engine);
    try {
      await sql`create table pairs (id int4 primary key, at timestamptz)`.execute(handle.db);
      const row = (id: number) =>
        new CopyData()
          .row(2)
          .int4(id)
          .timestamptz(Date.UTC(2024, 0, 1));
      await expect(copyRows(handle.db, 'pairs', ['id', 'nowhere'], row(1))).rejects.toThrow(/nowhere/);
      await copyRows(handle.db, 'pairs', ['id', 'at'], row(1));
      await expect(copyRows(handle.db, 'pairs', ['id', 'at'], row(1))).rejects.toThrow(/duplicate key/);
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await copyRows(trx, 'pairs', ['id', 'at'], row(2));
          await copyRows(trx, 'pairs', ['id', 'at'], row(2));
        }),
      ).rejects.toThrow(/duplicate key/);
      const { rows } = await sql<{ id: number }>`select id from pairs order by id`.execute(handle.db);
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await handle.close();
    }
  });

  // 30 000 rows of 26 bytes are about three pieces: each goes to the server while the next is written.
  it('loads rows written during the COPY, across pieces, and nothing when the writer fails half-way', async () => {
    const handle = await openTestDatabase(engine);
    try {
      await sql`create table pairs (id int4 primary key, at timestamptz)`.execute(handle.db);
      const start = Date.UTC(2024, 0, 1);
      await copyRows(handle.db, 'pairs', ['id', 'at'], (data) => {
        for (let id = 1; id <= 30_000; id++)
          data
            .row(2)
            .int4(id)
            .timestamptz(start + id * 60_000);
      });
      const loaded = await sql<{ rows: number; ids: number; last: Date }>`
        select count(*)::int4 as rows, sum(id)::int8::float8 as ids, max(at) as last from pairs`.execute(
        handle.db,
      );
      expect(loaded.rows[0]).toEqual({
        rows: 30_000,
        ids: (30_000 * 30_001) / 2,
        last: new Date(start + 30_000 * 60_000),
      });

      await expect(
        copyRows(handle.db, 'pairs', ['id', 'at'], (data) => {
          for (let id = 30_001; id <= 50_000; id++) {
            if (id === 45_000) throw new Error('the writer broke at row 45 000');
            data.row(2).int4(id).timestamptz(start);
          }
        }),
      ).rejects.toThrow(/the writer broke at row 45 000/);
      const after = await sql<{ rows: number }>`select count(*)::int4 as rows from pairs`.execute(handle.db);
      expect(after.rows[0]?.rows).toBe(30_000);
    } finally {
      await handle.close();
    }
  });
});
