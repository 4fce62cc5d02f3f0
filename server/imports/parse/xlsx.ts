import ExcelJS from 'exceljs';
import { formatWallTime } from '../../../src/time/civil-time';
import type { CsvRow } from './csv';
import { plainDecimal } from './plain-decimal';
import { ParseProblem } from './problem';

/** The first worksheet's non-blank rows, shaped like CSV rows so the importer treats both alike. */
export interface XlsxSheet {
  readonly sheet: string;
  readonly rows: CsvRow[];
}

/**
 * Reads the first worksheet as text cells: numbers as plain decimals, dates
 * as wall-time text 'YYYY-MM-DD HH:mm:ss' (a workbook has no time zone; the
 * import's zone applies, as for CSV), empty cells as ''. Rows keep their
 * worksheet numbers; blank rows are skipped, as blank CSV lines are.
 */
export async function readXlsxRows(bytes: Uint8Array): Promise<XlsxSheet> {
  const workbook = await loadWorkbook(bytes);
  const worksheet = workbook.worksheets[0];
  if (worksheet === undefined) throw new ParseProblem('The workbook has no worksheets.');
  const rows: CsvRow[] = [];
  worksheet.eachRow((row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column).value));
    if (cells.some((cell) => cell !== '')) rows.push({ row: rowNumber, cells });
  });
  return { sheet: worksheet.name, rows };
}

async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  try {
    return await new ExcelJS.Workbook().xlsx.load(asArrayBuffer(bytes));
  } catch {
    // JSZip and the XML parser fail in many ways on a damaged or mislabelled file; the user can act on
    // none of the details.
    throw new ParseProblem('The file is not a readable .xlsx workbook');
  }
}

/** exceljs's typings ask for an ArrayBuffer; reuse the upload's own when it covers it exactly. */
function asArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
  return bytes.slice().buffer;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return plainDecimal(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return cellText(value.text);
  if ('error' in value) return value.error;
  // Formulas, shared or not: the value Excel last calculated is what the user saw.
  return cellText(value.result);
}

/**
 * exceljs turns date-formatted serials into Dates whose UTC fields are the
 * wall time. Serials are floats of days, so 01:15 can arrive as
 * 01:14:59.999; rounding to the second restores what Excel displays.
 */
function dateText(date: Date): string {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return 'Invalid Date';
  return formatWallTime(Math.round(ms / 1000) * 1000);
}
