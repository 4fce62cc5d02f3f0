import { readCsvRows, sniffCsv } from './parse/csv';
import { decodeText } from './parse/decode-text';
import { readXlsxRows } from './parse/xlsx';

/** A meter file's rows, whatever its format: header names and an iterator over data rows. */
export interface MeterTable {
  format: 'csv' | 'xlsx';
  delimiter: string | null;
  headers: string[];
  rows: Iterable<{ row: number; cells: string[] }>;
  /** A CSV file's decoded text, for a reader that reads it in place (plan-canonical.ts). */
  text?: string;
  /**
   * The rows of data, when known before they are read: a workbook is loaded
   * whole; a CSV file's rows are only known once read to the end (a quoted
   * cell can hold line breaks, so lines do not count them).
   */
  rowsTotal?: number;
  /** How much of the file the rows read so far cover, 0 to 1: of a CSV file's text, of a workbook's rows. */
  readShare: () => number;
}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // a zip archive

/** Tells CSV from XLSX by content, not by name: people rename files. */
export function meterFileFormat(bytes: Uint8Array): 'csv' | 'xlsx' {
  return XLSX_MAGIC.every((byte, index) => bytes[index] === byte) ? 'xlsx' : 'csv';
}

/**
 * Opens a meter file. Without a header row the columns are called
 * 'Column 1', 'Column 2', ... so a mapping can name them all the same way.
 * Throws ParseProblem for a file that cannot be read at all.
 */
export async function openMeterTable(
  bytes: Uint8Array,
  options: { hasHeader?: boolean; delimiter?: string } = {},
): Promise<MeterTable> {
  const hasHeader = options.hasHeader ?? true;
  const format = meterFileFormat(bytes);
  if (format === 'xlsx') {
    const { rows } = await readXlsxRows(bytes);
    let taken = 0;
    const counted = (function* () {
      for (const row of rows) {
        taken++;
        yield row;
      }
    })();
    return {
      ...withHeaders('xlsx', null, counted, hasHeader),
      rowsTotal: Math.max(0, rows.length - (hasHeader ? 1 : 0)),
      readShare: () => (rows.length === 0 ? 1 : taken / rows.length),
    };
  }
  const text = decodeText(bytes);
  const delimiter = (options.delimiter ?? sniffCsv(text).delimiter) as Parameters<typeof readCsvRows>[1];
  const read = { at: 0 };
  return {
    ...withHeaders('csv', delimiter, readCsvRows(text, delimiter, read), hasHeader),
    text,
    readShare: () => (text.length === 0 ? 1 : read.at / text.length),
  };
}

function withHeaders(
  format: 'csv' | 'xlsx',
  delimiter: string | null,
  rows: Iterable<{ row: number; cells: string[] }>,
  hasHeader: boolean,
): Omit<MeterTable, 'text' | 'rowsTotal' | 'readShare'> {
  const iterator = rows[Symbol.iterator]();
  const first = iterator.next();
  if (first.done) return { format, delimiter, headers: [], rows: [] };
  const headers = hasHeader
    ? first.value.cells.map((cell, index) => cell.trim() || `Column ${index + 1}`)
    : first.value.cells.map((_, index) => `Column ${index + 1}`);
  const rest: Iterable<{ row: number; cells: string[] }> = {
    *[Symbol.iterator]() {
      if (!hasHeader) yield first.value;
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        // A blank line (one empty cell) is not a row of data.
        if (next.value.cells.length === 1 && next.value.cells[0] === '') continue;
        yield next.value;
      }
    },
  };
  return { format, delimiter, headers, rows: rest };
}
