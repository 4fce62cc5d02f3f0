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
});
