import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ParseProblem } from './problem';
import { readXlsxRows } from './xlsx';

async function workbookBytes(build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('readXlsxRows', () => {
  it('reads the first worksheet as text cells with worksheet row numbers', async () => {
    const bytes = await workbookBytes((workbook) => {
      const sheet = workbook.addWorksheet('Readings');
      sheet.addRow(['meter', 'time', 'value', 'note']);
      sheet.addRow(['meter-017', new Date(Date.UTC(2024, 2, 31, 1, 15)), 1234.567, true]);
      sheet.addRow(['meter-017', new Date(Date.UTC(2024, 2, 31, 1, 30)), 1.5e-7, null]);
      sheet.addRow([]);
      sheet.addRow(['meter-018', new Date(Date.UTC(2024, 2, 31, 1, 45, 30)), -42]);
      workbook.addWorksheet('Ignored').addRow(['not', 'read']);
    });
    expect(await readXlsxRows(bytes)).toEqual({
      sheet: 'Readings',
      rows: [
        { row: 1, cells: ['meter', 'time', 'value', 'note'] },
        { row: 2, cells: ['meter-017', '2024-03-31 01:15:00', '1234.567', 'TRUE'] },
        { row: 3, cells: ['meter-017', '2024-03-31 01:30:00', '0.00000015'] },
        { row: 5, cells: ['meter-018', '2024-03-31 01:45:30', '-42'] },
      ],
    });
  });

  it('keeps empty cells between values as empty text', async () => {
    const bytes = await workbookBytes((workbook) => {
      const sheet = workbook.addWorksheet('Sheet1');
      sheet.getCell('A1').value = 'a';
      sheet.getCell('C1').value = 3;
    });
    expect((await readXlsxRows(bytes)).rows).toEqual([{ row: 1, cells: ['a', '', '3'] }]);
  });

  it('rounds date serials to the second, as Excel displays them', async () => {
    const bytes = await workbookBytes((workbook) => {
      const sheet = workbook.addWorksheet('Sheet1');
      // 96 quarter-hours of 2024-03-31 written as serials, the way Excel stores them.
      for (let quarter = 0; quarter < 96; quarter++) {
        const cell = sheet.getCell(quarter + 1, 1);
        cell.value = 45382 + quarter / 96;
        cell.numFmt = 'yyyy-mm-dd hh:mm';
      }
    });
    const { rows } = await readXlsxRows(bytes);
    expect(rows).toHaveLength(96);
    rows.forEach(({ cells }, quarter) => {
      const expected = new Date(Date.UTC(2024, 2, 31) + quarter * 900_000).toISOString();
      expect(cells[0]).toBe(`${expected.slice(0, 10)} ${expected.slice(11, 19)}`);
    });
  });

  it('uses formula results, rich text, hyperlink text and error codes', async () => {
    const bytes = await workbookBytes((workbook) => {
      const sheet = workbook.addWorksheet('Sheet1');
      sheet.getCell('A1').value = { formula: 'B1*2', result: 2.5 };
      sheet.getCell('B1').value = { richText: [{ text: 'Main ' }, { text: 'meter', font: { bold: true } }] };
      sheet.getCell('C1').value = { text: 'site', hyperlink: 'https://example.com' };
      sheet.getCell('D1').value = { error: '#N/A' };
    });
    expect((await readXlsxRows(bytes)).rows).toEqual([
      { row: 1, cells: ['2.5', 'Main meter', 'site', '#N/A'] },
    ]);
  });

  it('returns no rows for an empty first worksheet', async () => {
    const bytes = await workbookBytes((workbook) => {
      workbook.addWorksheet('Empty');
    });
    expect(await readXlsxRows(bytes)).toEqual({ sheet: 'Empty', rows: [] });
  });

  it('reads a view into a larger buffer', async () => {
    const bytes = await workbookBytes((workbook) => {
      workbook.addWorksheet('Sheet1').addRow(['x']);
    });
    const padded = new Uint8Array(bytes.length + 10);
    padded.set(bytes, 5);
    expect((await readXlsxRows(padded.subarray(5, 5 + bytes.length))).rows).toEqual([
      { row: 1, cells: ['x'] },
    ]);
  });

  it('rejects files that are not workbooks', async () => {
    const notXlsx = [
      new TextEncoder().encode('meter,value\n1,2\n'),
      new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]),
    ];
    for (const bytes of notXlsx) {
      await expect(readXlsxRows(bytes)).rejects.toThrow(ParseProblem);
      await expect(readXlsxRows(bytes)).rejects.toThrow('The file is not a readable .xlsx workbook');
    }
  });

  it('rejects a truncated workbook', async () => {
    const bytes = await workbookBytes((workbook) => {
      workbook.addWorksheet('Sheet1').addRow(['x']);
    });
    await expect(readXlsxRows(bytes.subarray(0, bytes.length / 2))).rejects.toThrow(
      'The file is not a readable .xlsx workbook',
    );
  });
});
