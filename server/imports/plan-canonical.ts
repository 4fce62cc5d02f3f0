import type { ImportMapping, ImportPoint } from './import-mapping';
import type { MeterTable } from './meter-table';
import { shortDecimal } from './parse/number';
import { canonicalUtc, plausibleRange } from './parse/timestamp';
import { unitConverter } from './parse/units';
import { columnIndex, type PointDirectory } from './plan-import';

const LF = 0x0a;
const CR = 0x0d;

/** A whole file's readings for its one data point, every row valid. */
export interface CanonicalPlan {
  point: ImportPoint;
  ts: Float64Array;
  values: Float64Array;
  rowsTotal: number;
}

/**
 * The plan of a meter file in the shape most exports write, read in one pass
 * over its text with no string, array or object per row: CSV without quotes,
 * lines ending in LF or CRLF, a header row, every row with as many cells as the header,
 * ISO UTC times (…T01:15:00Z or …T01:15:00.000Z), plain decimals, one data
 * point for the whole file, no quality column, times in strict order (rising,
 * or falling for a file listed newest first: no instant repeated). Parsing a
 * file row by row costs the CPU the database needs to store it, on a machine
 * that shares its cores.
 *
 * It reads the text and delimiter openMeterTable found, so a file is decoded
 * once whichever way it is read. The fixed-place readers are the ones
 * planImport's parsers try first, so a row read here is read exactly as
 * planImport reads it. Undefined for any other file, or as soon as one row is
 * not of that shape or not valid: planImport then reads the table and says
 * what is wrong where.
 */
export function planCanonical(
  table: MeterTable,
  mapping: ImportMapping,
  points: PointDirectory,
): CanonicalPlan | undefined {
  const { text, delimiter } = table;
  const point = 'id' in mapping.dataPoint ? points.byId.get(mapping.dataPoint.id) : undefined;
  if (!point || mapping.timestamp.format !== 'iso' || mapping.quality || mapping.hasHeader === false) return;
  if (text === undefined || delimiter === null) return;
  let convert: (value: number) => number;
  try {
    convert = unitConverter(mapping.value.unit, point.unit);
  } catch {
    return; // planImport reports it
  }
  // Quotes and lone carriage returns (a line break of their own) need the full CSV reader.
  if (text.includes('"') || !crOnlyBeforeLf(text)) return;
  return readRows(text, delimiter, mapping, point, convert);
}

function readRows(
  text: string,
  delimiter: string,
  mapping: ImportMapping,
  point: ImportPoint,
  convert: (value: number) => number,
): CanonicalPlan | undefined {
  const length = text.length;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // The header is the first line that is not blank, as the CSV reader takes it.
  let lineEnd = lineEndFrom(text, at);
  while (contentEnd(text, at, lineEnd) === at && lineEnd < length) {
    at = lineEnd + 1;
    lineEnd = lineEndFrom(text, at);
  }
  const headers = text.slice(at, contentEnd(text, at, lineEnd)).split(delimiter);
  const timeColumn = columnIndex(headers, mapping.timestamp.column);
  const valueColumn = columnIndex(headers, mapping.value.column);
  if (timeColumn < 0 || valueColumn < 0) return;
  const separator = (mapping.value.decimal ?? '.').charCodeAt(0);
  const range = plausibleRange(Date.now());
  const lastCell = headers.length - 1;

  // A row is at least 24 characters of time and value: a first size that rarely grows.
  let ts: Float64Array = new Float64Array(Math.max(16, Math.ceil(length / 24)));
  let values: Float64Array = new Float64Array(ts.length);
  let rows = 0;
  /** 1 while times rise, -1 while they fall, 0 before the second row. */
  let direction = 0;
  for (at = lineEnd + 1; at < length; at = lineEnd + 1) {
    lineEnd = lineEndFrom(text, at);
    const end = contentEnd(text, at, lineEnd);
    if (end === at) continue; // a blank line holds no row
    let time = Number.NaN;
    let value = Number.NaN;
    let cellStart = at;
    for (let cell = 0; cell <= lastCell; cell++) {
      const next = text.indexOf(delimiter, cellStart);
      const delimited = next >= 0 && next < end;
      // Exactly as many cells as the header: planImport reads other rows, and says what is missing.
      if (delimited !== cell < lastCell) return;
      const cellEnd = delimited ? next : end;
      if (cell === timeColumn) time = canonicalUtc(text, cellStart, cellEnd);
      if (cell === valueColumn) value = shortDecimal(text, separator, cellStart, cellEnd);
      cellStart = cellEnd + 1;
    }
    if (!(time >= range.min && time <= range.max) || Number.isNaN(value)) return;
    // Out of order, a time may repeat: planImport finds which rows, which this reader does not count.
    if (rows > 0) {
      const step = Math.sign(time - (ts[rows - 1] as number));
      if (step === 0 || step === -direction) return;
      direction = step;
    }
    if (rows === ts.length) ({ ts, values } = grown(ts, values));
    ts[rows] = time;
    values[rows] = convert(value);
    rows++;
  }
  if (rows === 0) return; // planImport says what a file without readings lacks
  return { point, ts: ts.slice(0, rows), values: values.slice(0, rows), rowsTotal: rows };
}

/** Whether every carriage return ends a line with the line feed after it (or ends the text), as CRLF does. */
function crOnlyBeforeLf(text: string): boolean {
  for (let cr = text.indexOf('\r'); cr >= 0; cr = text.indexOf('\r', cr + 1)) {
    if (cr + 1 < text.length && text.charCodeAt(cr + 1) !== LF) return false;
  }
  return true;
}

/** Where a line's cells end: before its CR, if it ends in CRLF. */
function contentEnd(text: string, at: number, lineEnd: number): number {
  return lineEnd > at && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
}

function lineEndFrom(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
}

function grown(ts: Float64Array, values: Float64Array): { ts: Float64Array; values: Float64Array } {
  const moreTs = new Float64Array(ts.length * 2);
  moreTs.set(ts);
  const moreValues = new Float64Array(values.length * 2);
  moreValues.set(values);
  return { ts: moreTs, values: moreValues };
}
