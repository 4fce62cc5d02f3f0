import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import type { ImportMapping } from './import-mapping';
import { siteWithPoints } from './points.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Cells no reading can come from (a time past any calendar, a value that
 * overflows once converted, the other decimal separator) are the file's
 * problems, listed by row and column in the dry run's report, never a 500.
 */
describeEachEngine('dry-run problems on %s', (engine) => {
  let server: Server;
  let token: string;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const member = await server.memberOfNewOrganisation('dry-run@example.test', 'Dry runs');
    token = member.token;
    await siteWithPoints(server.db, member.organisationId, 'Europe/Berlin', [
      { name: 'Zähler', unit: 'kWh', kind: 'interval' },
    ]);
  });
  afterAll(async () => server?.close());

  /** The dry run of a one-column-per-field file: Zähler, Zeit, Wert. */
  async function dryRun(rows: string[], mapping: Partial<ImportMapping>) {
    const text = `Zähler;Zeit;Wert\n${rows.map((row) => `Zähler;${row}`).join('\n')}\n`;
    const uploaded = await server.upload('meterfiles?name=zaehler.csv', token, Buffer.from(text), 'text/csv');
    expect(uploaded.status).toBe(200);
    return server.api('getDataImport', token, {
      fileId: uploaded.body.fileId,
      mapping: {
        delimiter: ';',
        timestamp: { column: 'Zeit', format: 'iso', timeZone: 'Europe/Berlin' },
        value: { column: 'Wert', unit: 'kWh', decimal: ',' },
        dataPoint: { column: 'Zähler' },
        ...mapping,
      },
    });
  }

  it('lists times past any calendar as problems of their row and column', async () => {
    for (const [format, time] of [
      ['iso', '99999-01-01'],
      ['iso', '+275760-09-14T00:00:00Z'],
      ['epoch-s', '9'.repeat(400)],
      ['epoch-ms', `-${'9'.repeat(30)}`],
      ['excel-serial', '9'.repeat(20)],
      ['excel-serial', '3000000000'],
      ['DD.MM.YYYY HH:mm:ss', '01.01.99999 00:00:00'],
    ] as const) {
      const answer = await dryRun(['2024-11-01T00:00:00Z;1', `${time};1`], {
        timestamp: { column: 'Zeit', format, timeZone: 'Europe/Berlin' },
      });
      const context = `${format} ${time.slice(0, 30)}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
      expect(answer.status, context).toBe(200);
      expect(answer.body.problems, context).toContainEqual({
        row: 3,
        column: 'Zeit',
        reason: expect.stringContaining(time.slice(0, 30)),
      });
    }
  });

  it('lists a value that overflows once converted, or uses the other decimal separator, as a problem of its cell', async () => {
    const overflow = await dryRun(['2024-11-01T00:00:00Z;1e308'], {
      value: { column: 'Wert', unit: 'MWh', decimal: ',' },
    });
    expect(overflow.status).toBe(200);
    expect(overflow.body.problems).toEqual([
      { row: 2, column: 'Wert', reason: expect.stringContaining('1e308') },
    ]);

    const wrongSeparator = await dryRun(['2024-11-01T00:00:00Z;1.5', '2024-11-01T00:15:00Z;1,5'], {});
    expect(wrongSeparator.status).toBe(200);
    expect(wrongSeparator.body.problems).toEqual([
      { row: 2, column: 'Wert', reason: expect.stringContaining('decimal separator') },
    ]);
    expect(wrongSeparator.body.rowsValid).toBe(1);
  });

  it('says a unit that cannot be converted to the data point’s on each row it would have read', async () => {
    const answer = await dryRun(['2024-11-01T00:00:00Z;1'], {
      value: { column: 'Wert', unit: '°C', decimal: ',' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.problems).toEqual([
      { row: 2, column: 'Wert', reason: expect.stringContaining('°C cannot be converted to kWh') },
    ]);
  });

  it('points a column the file lacks at the mapping field that names it, and an unknown zone at the zone', async () => {
    const columns = "Its columns are: 'Zähler', 'Zeit', 'Wert'.";
    for (const [mapping, pointer, message] of [
      [
        { timestamp: { column: 'Time', format: 'iso', timeZone: 'Europe/Berlin' } },
        '/mapping/timestamp/column',
        `The file has no column 'Time'. ${columns}`,
      ],
      [
        { value: { column: 'kWh', unit: 'kWh' } },
        '/mapping/value/column',
        `The file has no column 'kWh'. ${columns}`,
      ],
      [
        { dataPoint: { column: 'Meter' } },
        '/mapping/dataPoint/column',
        `The file has no column 'Meter'. ${columns}`,
      ],
      [
        { quality: { column: 'Status' } },
        '/mapping/quality/column',
        `The file has no column 'Status'. ${columns}`,
      ],
      [
        { timestamp: { column: 'Zeit', format: 'iso', timeZone: 'Europe/Bonn' } },
        '/mapping/timestamp/timeZone',
        expect.stringContaining('Europe/Bonn'),
      ],
    ] as const) {
      const answer = await dryRun(['2024-11-01T00:00:00Z;1'], mapping as Partial<ImportMapping>);
      expect(answer.status, pointer).toBe(400);
      expect(answer.body.issues, pointer).toEqual([{ pointer, message }]);
    }
  });

  it('refuses to start an import in a zone no clock knows, pointing at the zone', async () => {
    const text = 'Zähler;Zeit;Wert\nZähler;2024-11-01T00:00:00Z;1\n';
    const uploaded = await server.upload('meterfiles?name=zone.csv', token, Buffer.from(text), 'text/csv');
    const answer = await server.api('dataImport', token, {
      fileId: uploaded.body.fileId,
      mapping: {
        delimiter: ';',
        timestamp: { column: 'Zeit', format: 'iso', timeZone: 'Europe/Bonn' },
        value: { column: 'Wert', unit: 'kWh', decimal: ',' },
        dataPoint: { column: 'Zähler' },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      { pointer: '/mapping/timestamp/timeZone', message: expect.stringContaining('Europe/Bonn') },
    ]);
  });

  it('still points a file that cannot be read at the file', async () => {
    // Past the rows the upload shows, so the upload takes it and the dry run finds it.
    const good = Array.from(
      { length: 12 },
      (_, hour) => `2024-11-01T${String(hour).padStart(2, '0')}:00:00Z;1`,
    );
    const answer = await dryRun([...good, '"2024-11-01T12:00:00Z;1'], {});
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      { pointer: '/fileId', message: expect.stringMatching(/row 14.*quote/i) },
    ]);
  });
});
