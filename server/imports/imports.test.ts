import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataImportResponse } from '../../src/generated/api-types';
import { describeEachEngine } from '../db/test-database';
import { recordReadingsWritten } from '../readings/readings-written.test-helper';
import { startTestApp } from '../test-app';
import type { ImportMapping } from './import-mapping';
import { siteWithPoints } from './points.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** Long format: one row per reading, the meter named in a column, local London times, Wh values. */
const MAPPING: ImportMapping = {
  timestamp: { column: 'Time', format: 'YYYY-MM-DD HH:mm:ss', timeZone: 'Europe/London' },
  value: { column: 'Energy', unit: 'Wh' },
  dataPoint: { column: 'Meter' },
};

/** A day of quarter hours for two meters: the autumn change, 25 hours, with 01:00–01:45 listed twice in order. */
function autumnDayFile(): string {
  const hours = [0, 1, 1, ...Array.from({ length: 22 }, (_, index) => index + 2)];
  const lines = ['Meter,Time,Energy'];
  for (const meter of ['Main', 'Lighting']) {
    for (const hour of hours) {
      for (const minute of [0, 15, 30, 45]) {
        const time = `2024-10-27 ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
        lines.push(`${meter},${time},${meter === 'Main' ? 1000 : 250}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

describeEachEngine('meter file imports on %s', (engine) => {
  let server: Server;
  let member: Awaited<ReturnType<Server['memberOfNewOrganisation']>>;
  let points: Record<string, number>;

  beforeAll(async () => {
    process.env.METER_FILE_MAX_MB = '1';
    server = await startTestApp(engine);
    member = await server.memberOfNewOrganisation('importer@example.test', 'Importers');
    points = await siteWithPoints(server.db, member.organisationId, 'Europe/London', [
      { name: 'Main', unit: 'kWh', kind: 'interval' },
      { name: 'Lighting', unit: 'kWh', kind: 'interval' },
    ]);
  });
  afterAll(async () => {
    delete process.env.METER_FILE_MAX_MB;
    await server?.close();
  });

  const uploadText = (text: string | Buffer, name = 'meters.csv') =>
    server.upload(`meterfiles?name=${encodeURIComponent(name)}`, member.token, Buffer.from(text), 'text/csv');

  async function importFile(
    fileId: number,
    extra: { skipBadRows?: boolean } = {},
  ): Promise<DataImportResponse> {
    const started = await server.api('dataImport', member.token, { fileId, mapping: MAPPING, ...extra });
    expect(started.status).toBe(200);
    for (;;) {
      const { body } = await server.api('getUserDataImport', member.token, { importId: started.body.id });
      const current = body.imports[0] as DataImportResponse;
      if (current.status !== 'running') return current;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const storedCount = async () =>
    Number(
      (
        await sql<{ count: string }>`select count(*)::text as count from readings
          where data_point_id in (${points.Main}, ${points.Lighting})`.execute(server.db)
      ).rows[0]?.count,
    );

  const dailyUse = async (pointId: number | undefined) =>
    (
      await sql<{ day: string; consumption: number }>`select day::text as day, consumption from readings_daily
        where data_point_id = ${pointId} order by day`.execute(server.db)
    ).rows;

  it('shows the columns on upload, previews without storing, then imports a 25-hour day exactly', async () => {
    const recorded = recordReadingsWritten();
    const uploaded = await uploadText(autumnDayFile());
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      format: 'csv',
      delimiter: ',',
      headers: ['Meter', 'Time', 'Energy'],
    });
    expect(uploaded.body.sampleRows[0]).toEqual(['Main', '2024-10-27 00:00:00', '1000']);

    const preview = await server.api('getDataImport', member.token, {
      fileId: uploaded.body.fileId,
      mapping: MAPPING,
    });
    expect(preview.body).toMatchObject({ rowsTotal: 200, rowsValid: 200, problems: [], problemsTotal: 0 });
    // The hour the clocks go back is listed twice, in order: two instants, no repeat.
    expect(preview.body).not.toHaveProperty('repeatedInstants');
    expect(preview.body.preview[0]).toEqual({
      row: 2,
      dataPointId: points.Main,
      dataPointName: 'Main',
      ts: '2024-10-26T23:00:00.000Z',
      value: 1,
      // 1000 Wh as written is 1.000 kWh: the file's precision, in the data point's unit.
      decimals: 3,
      unit: 'kWh',
      estimated: false,
    });
    expect(preview.body.dataPoints).toEqual([
      {
        id: points.Main,
        name: 'Main',
        rows: 100,
        from: '2024-10-26T23:00:00.000Z',
        to: '2024-10-27T23:45:00.000Z',
        timeZone: 'Europe/London',
      },
      {
        id: points.Lighting,
        name: 'Lighting',
        rows: 100,
        from: '2024-10-26T23:00:00.000Z',
        to: '2024-10-27T23:45:00.000Z',
        timeZone: 'Europe/London',
      },
    ]);
    expect(await storedCount()).toBe(0);
    expect(recorded.writes).toEqual([]);

    const done = await importFile(uploaded.body.fileId);
    recorded.stop();
    // The whole file is one write through the one readings writer.
    expect(recorded.writes).toEqual([
      { source: 'csv', written: 200, pointIds: expect.arrayContaining([points.Main, points.Lighting]) },
    ]);
    expect(done).toMatchObject({
      status: 'done',
      rowsTotal: 200,
      rowsImported: 200,
      rowsSkipped: 0,
      progress: 1,
    });
    expect(await storedCount()).toBe(200);
    expect(await dailyUse(points.Main)).toEqual([{ day: '2024-10-27', consumption: 100 }]);
    expect(await dailyUse(points.Lighting)).toEqual([{ day: '2024-10-27', consumption: 25 }]);
  });

  it('replaces values on a re-import of the same file instead of adding them twice', async () => {
    const uploaded = await uploadText(autumnDayFile(), 'again.csv');
    expect((await importFile(uploaded.body.fileId)).status).toBe('done');
    expect(await storedCount()).toBe(200);
    expect(await dailyUse(points.Main)).toEqual([{ day: '2024-10-27', consumption: 100 }]);
  });

  const BAD_FILE = [
    'Meter,Time,Energy',
    'Main,2024-11-01 00:00:00,500',
    'Main,2024-11-01 00:15:00,NaN',
    'Nobody,2024-11-01 00:30:00,10',
    'Main,1901-01-01 00:00:00,10',
    'Main,2024-11-01 00:45:00,abc',
    'Main,2024-03-31 01:30:00,10',
    'Lighting,2024-11-01 00:00:00,2500',
    '',
  ].join('\n');

  it('stores nothing from a file with bad rows, and says where and why for each', async () => {
    const before = await storedCount();
    const uploaded = await uploadText(BAD_FILE, 'bad.csv');
    const done = await importFile(uploaded.body.fileId);
    expect(done.status).toBe('failed');
    expect(done.message).toBe(
      'Nothing was imported: 5 problems were found in 7 rows. Correct the file, or import again with "skip bad rows" to store the 2 good rows.',
    );
    expect(done.problems.map(({ row, column }) => ({ row, column }))).toEqual([
      { row: 3, column: 'Energy' },
      { row: 4, column: 'Meter' },
      { row: 5, column: 'Time' },
      { row: 6, column: 'Energy' },
      { row: 7, column: 'Time' },
    ]);
    expect(done.problems[1]?.reason).toContain("unknown data point 'Nobody'");
    expect(done.problems[2]?.reason).toContain('50 years');
    expect(done.problems[4]?.reason).toContain('does not exist in Europe/London');
    expect(await storedCount()).toBe(before);
  });

  it('stores the good rows and lists the bad ones when asked to skip bad rows', async () => {
    const before = await storedCount();
    const uploaded = await uploadText(BAD_FILE, 'bad.csv');
    const done = await importFile(uploaded.body.fileId, { skipBadRows: true });
    expect(done).toMatchObject({ status: 'done', rowsTotal: 7, rowsImported: 2, rowsSkipped: 5 });
    expect(done.problems).toHaveLength(5);
    expect(await storedCount()).toBe(before + 2);
    expect((await dailyUse(points.Lighting)).at(-1)).toEqual({ day: '2024-11-01', consumption: 2.5 });
  });

  it('rolls back a long file refused for a bad last row, though its first chunks were written while reading', async () => {
    const before = await storedCount();
    const lines = ['Meter,Time,Energy'];
    for (let index = 0; index < 25_000; index++) {
      lines.push(
        `Main,${new Date(Date.UTC(2023, 3, 1) + index * 900_000).toISOString().slice(0, 19).replace('T', ' ')},100`,
      );
    }
    // Wall times are read in Europe/London: April to December crosses no spring-forward gap.
    lines.push('Main,2023-12-31 23:45:00,not a number');
    const uploaded = await uploadText(`${lines.join('\n')}\n`, 'long.csv');
    const refused = await importFile(uploaded.body.fileId);
    expect(refused).toMatchObject({ status: 'failed', rowsTotal: 25_001 });
    expect(refused.problems).toEqual([
      { row: 25_002, column: 'Energy', reason: expect.stringContaining('"not a number" is not a number') },
    ]);
    expect(await storedCount()).toBe(before);

    const skipped = await importFile(uploaded.body.fileId, { skipBadRows: true });
    expect(skipped).toMatchObject({ status: 'done', rowsImported: 25_000, rowsSkipped: 1 });
    expect(await storedCount()).toBe(before + 25_000);
  });

  it("follows a running import to its end in one request, and refuses to wait on another organisation's", async () => {
    const lines = ['Meter,Time,Energy'];
    // Under the 1 MB limit these tests set, and long enough to be still running when first asked.
    for (let index = 0; index < 30_000; index++) {
      lines.push(
        `Main,${new Date(Date.UTC(2022, 3, 1) + index * 900_000).toISOString().slice(0, 19).replace('T', ' ')},100`,
      );
    }
    const uploaded = await uploadText(`${lines.join('\n')}\n`, 'followed.csv');
    const stranger = await server.memberOfNewOrganisation('waiter@example.test', 'Waiters');
    const started = await server.api('dataImport', member.token, {
      fileId: uploaded.body.fileId,
      mapping: MAPPING,
    });
    const importId = started.body.id as number;

    const refused = await server.api('getUserDataImport', stranger.token, { importId, waitMs: 20_000 });
    const meanwhile = await server.api('getUserDataImport', member.token, { importId });
    const followed = await server.api('getUserDataImport', member.token, { importId, waitMs: 20_000 });

    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`There is no import ${importId} in your organisation.`);
    expect(meanwhile.body.imports[0]).toMatchObject({ status: 'running' });
    expect(followed.body.imports[0]).toMatchObject({ status: 'done', rowsImported: 30_000, progress: 1 });
  });

  it("previews each value with the decimals the file wrote it with, and each data point's own zone", async () => {
    const text = [
      'Meter,Time,Energy',
      'Main,2024-11-02 00:00:00,1234.5',
      'Main,2024-11-02 00:15:00,1500',
      'Main,2024-11-02 00:30:00,0.250',
      'Main,2024-11-02 00:45:00,2.5e-2',
      '',
    ].join('\n');
    const uploaded = await uploadText(text, 'decimals.csv');
    const dryRun = async (unit: string, timeZone: string) =>
      (
        await server.api('getDataImport', member.token, {
          fileId: uploaded.body.fileId,
          mapping: {
            ...MAPPING,
            timestamp: { ...MAPPING.timestamp, timeZone },
            value: { column: 'Energy', unit },
          },
        })
      ).body;
    // In Wh, stored in kWh: three places further.
    const inWh = await dryRun('Wh', 'UTC');
    expect(
      inWh.preview.map(({ value, decimals }: { value: number; decimals: number }) => [value, decimals]),
    ).toEqual([
      [1.2345, 4],
      [1.5, 3],
      [0.00025, 6],
      [0.000025, 6],
    ]);
    // In kWh as the data point: as written.
    const inKWh = await dryRun('kWh', 'UTC');
    expect(inKWh.preview.map(({ decimals }: { decimals: number }) => decimals)).toEqual([1, 0, 3, 3]);
    // The file's times are read in the mapping's zone; the data point keeps its own.
    expect(inKWh.dataPoints).toEqual([
      expect.objectContaining({ id: points.Main, timeZone: 'Europe/London' }),
    ]);
  });

  it('refuses a wait that is not a whole number of milliseconds up to 25 s, saying where', async () => {
    for (const waitMs of [25_001, -1, 1.5, 'soon']) {
      const answer = await server.api('getUserDataImport', member.token, { importId: 1, waitMs });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/^The request body is not valid: \/waitMs: /);
    }
  });

  it('imports an XLSX workbook the same way, its date cells read as wall time in the declared zone', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Export');
    sheet.addRow(['Meter', 'Time', 'Energy']);
    // Excel keeps wall time: 1 July 09:00 in London is 08:00 UTC.
    sheet.addRow(['Lighting', new Date(Date.UTC(2024, 6, 1, 9, 0)), 4000]);
    sheet.addRow(['Lighting', new Date(Date.UTC(2024, 6, 1, 9, 15)), 6000]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = await server.upload(
      'meterfiles?name=export.xlsx',
      member.token,
      bytes,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(uploaded.body).toMatchObject({ format: 'xlsx', headers: ['Meter', 'Time', 'Energy'] });
    const recorded = recordReadingsWritten();
    expect((await importFile(uploaded.body.fileId)).status).toBe('done');
    recorded.stop();
    expect(recorded.writes).toEqual([{ source: 'csv', written: 2, pointIds: [points.Lighting] }]);
    const stored = await sql<{ ts: Date; value: number }>`
      select ts, value from readings where data_point_id = ${points.Lighting} and ts >= '2024-07-01' and ts < '2024-07-02'
      order by ts`.execute(server.db);
    expect(stored.rows).toEqual([
      { ts: new Date('2024-07-01T08:00:00Z'), value: 4 },
      { ts: new Date('2024-07-01T08:15:00Z'), value: 6 },
    ]);
  });

  it('refuses files it cannot read, with a clear reason, storing nothing', async () => {
    const latin1 = Buffer.from('Meter,Time,Energy\nCaf\xe9,2024-11-01 00:00:00,1\n', 'latin1');
    const wrongEncoding = await uploadText(latin1, 'latin1.csv');
    expect(wrongEncoding.status).toBe(400);
    expect(wrongEncoding.body.message).toContain('not UTF-8');

    const unterminated = await uploadText('Meter,Time,Energy\nMain,"2024-11-01 00:00:00,1\n', 'quote.csv');
    expect(unterminated.status).toBe(400);
    expect(unterminated.body.message).toMatch(/row 2.*quote/i);

    // The same on a row past the sample shown at upload: the dry run finds it.
    const lateQuote = `Meter,Time,Energy\n${'Main,2024-11-01 00:00:00,1\n'.repeat(20)}Main,"2024-11-01 00:15:00,1\n`;
    const uploaded = await uploadText(lateQuote, 'late-quote.csv');
    const preview = await server.api('getDataImport', member.token, {
      fileId: uploaded.body.fileId,
      mapping: MAPPING,
    });
    expect(preview.status).toBe(400);
    expect(preview.body.message).toMatch(/row 22.*quote/i);

    const wrongColumn = await server.api('getDataImport', member.token, {
      fileId: uploaded.body.fileId,
      mapping: { ...MAPPING, value: { column: 'kWh', unit: 'kWh' } },
    });
    expect(wrongColumn.body.message).toBe(
      "The file has no column 'kWh'. Its columns are: 'Meter', 'Time', 'Energy'.",
    );

    const tooLarge = await uploadText(Buffer.alloc(1024 * 1024 + 1, 'a'), 'huge.csv');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(
      'The file is larger than the 1 MB limit; split it into smaller files and upload them one by one.',
    );
  });

  it('saves a mapping as a template and lists it', async () => {
    const saved = await server.api('importTemplates', member.token, {
      name: 'Half-hourly export',
      mapping: MAPPING,
    });
    expect(saved.body.templates).toEqual([
      {
        id: expect.any(Number),
        name: 'Half-hourly export',
        mapping: { hasHeader: true, ...MAPPING, value: { ...MAPPING.value, decimal: '.' } },
        updatedAt: expect.any(String),
      },
    ]);
  });

  it('deletes a template, answering 404 for one that is not there', async () => {
    const saved = await server.api('importTemplates', member.token, {
      name: 'Short-lived',
      mapping: MAPPING,
    });
    const doomed = saved.body.templates.find((template: { name: string }) => template.name === 'Short-lived');
    const remove = (id: number) =>
      server.app.inject({
        method: 'DELETE',
        url: `/api/importTemplates/${id}`,
        headers: { authorization: `Bearer ${member.token}` },
      });
    const removed = await remove(doomed.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().templates.map((template: { name: string }) => template.name)).toEqual([
      'Half-hourly export',
    ]);
    const again = await remove(doomed.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`There is no import template ${doomed.id} in your organisation.`);
  });

  it('takes a CSV sent as application/csv, and answers 404 for a file that is not there', async () => {
    const uploaded = await server.upload(
      'meterfiles?name=other.csv',
      member.token,
      Buffer.from('Meter,Time,Energy\nMain,2024-11-01 00:00:00,1\n'),
      'application/csv',
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ format: 'csv', headers: ['Meter', 'Time', 'Energy'] });
    const missing = await server.api('getDataImport', member.token, { fileId: 999_999, mapping: MAPPING });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no meter file 999999 in your organisation.');
  });

  it('keeps the history, newest first', async () => {
    const { body } = await server.api('getUserDataImport', member.token, {});
    expect(body.imports.map((entry: DataImportResponse) => entry.status)).toEqual([
      'done', // the workbook
      'done', // the one followed to its end
      'done',
      'failed',
      'done',
      'failed',
      'done',
      'done',
    ]);
  });

  it('says which rows repeat an instant of the same data point, in the dry run and the summary, and keeps the last', async () => {
    const wall = (quarter: number) =>
      new Date(Date.UTC(2025, 0, 1) + quarter * 900_000).toISOString().slice(0, 19).replace('T', ' ');
    // 2,400 rows in order, more than the first chunk the import writes while reading on, then an
    // export's overlap: rows 2402 to 2404 give again instants of rows 2 and 3.
    const lines = ['Meter,Time,Energy'];
    for (let quarter = 0; quarter < 2_400; quarter++) lines.push(`Main,${wall(quarter)},100`);
    lines.push(`Main,${wall(1)},250`, `Lighting,${wall(1)},50`, `Main,${wall(0)},150`, `Main,${wall(1)},260`);
    const uploaded = await uploadText(`${lines.join('\n')}\n`, 'overlap.csv');

    const preview = await server.api('getDataImport', member.token, {
      fileId: uploaded.body.fileId,
      mapping: MAPPING,
    });
    expect(preview.body).toMatchObject({ rowsTotal: 2_404, rowsValid: 2_404, problemsTotal: 0 });
    expect(preview.body.repeatedInstants).toEqual({
      count: 3,
      kept: 'last',
      first: [
        { row: 2_402, sameInstantAs: 3 },
        { row: 2_404, sameInstantAs: 2 },
        { row: 2_405, sameInstantAs: 3 },
      ],
      message:
        '3 rows repeat an instant given earlier in this file for the same data point; the last value in the file for each instant will be kept.',
    });

    const done = await importFile(uploaded.body.fileId);
    expect(done).toMatchObject({ status: 'done', rowsTotal: 2_404, rowsImported: 2_404 });
    expect(done.message).toBe(
      'Imported 2404 rows into 2 data points. 3 rows repeat an instant given earlier in the file for the same data point (row 2402 repeats row 3, row 2404 repeats row 2, row 2405 repeats row 3); the last value in the file for each instant was kept.',
    );
    const stored = await sql<{ ts: Date; value: number }>`
      select ts, value from readings where data_point_id = ${points.Main} and ts < '2025-01-01T00:30:00Z'
      and ts >= '2025-01-01' order by ts`.execute(server.db);
    expect(stored.rows).toEqual([
      { ts: new Date('2025-01-01T00:00:00Z'), value: 0.15 },
      { ts: new Date('2025-01-01T00:15:00Z'), value: 0.26 },
    ]);
  });
});
