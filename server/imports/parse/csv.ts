import { ParseProblem } from './problem';

export type CsvDelimiter = ',' | ';' | '\t' | '|';

export interface CsvRow {
  /** 1-based line in the file where the record starts, for messages the user can find in an editor. */
  readonly row: number;
  readonly cells: string[];
}

/**
 * Candidates in tie-break order. Tab, semicolon and pipe come before comma
 * because a consistent comma count alongside one of them is usually decimal
 * commas ("2024-01-01;1,5"), whereas the reverse is rare.
 */
const DELIMITERS: readonly CsvDelimiter[] = ['\t', ';', '|', ','];

/** Enough records to see a pattern, few enough that sniffing costs nothing next to the read. */
const SNIFF_RECORDS = 50;
const SNIFF_CHARS = 64 * 1024;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Guesses the delimiter from the first records: the one whose count per
 * record (outside quotes) is the same on the most records wins. Falls back to
 * comma for single-column files, where any choice reads the same.
 */
export function sniffCsv(text: string): { delimiter: CsvDelimiter } {
  const truncated = text.length > SNIFF_CHARS;
  const records = countDelimitersPerRecord(text.slice(0, SNIFF_CHARS));
  // A record cut off by the sample limit has a partial count; leave it out.
  if (truncated && records.length > 1) records.pop();
  const sample = records.filter((counts) => counts !== undefined).slice(0, SNIFF_RECORDS);
  let best: CsvDelimiter = ',';
  let bestShare = 0;
  for (const delimiter of DELIMITERS) {
    const share = consistentShare(sample.map((counts) => counts[delimiter]));
    if (share > bestShare) {
      best = delimiter;
      bestShare = share;
    }
  }
  return { delimiter: best };
}

type DelimiterCounts = Record<CsvDelimiter, number>;

/** Per record, how often each candidate occurs outside quotes; `undefined` for blank lines. */
function countDelimitersPerRecord(sample: string): (DelimiterCounts | undefined)[] {
  const records: (DelimiterCounts | undefined)[] = [];
  let counts: DelimiterCounts = { ',': 0, ';': 0, '\t': 0, '|': 0 };
  let inQuotes = false;
  let blank = true;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charAt(i);
    if (c === '"') inQuotes = !inQuotes; // a doubled quote toggles twice, which is right
    if (inQuotes) {
      blank = false;
      continue;
    }
    if (c === '\n' || c === '\r') {
      if (c === '\r' && sample.charAt(i + 1) === '\n') i++;
      records.push(blank ? undefined : counts);
      counts = { ',': 0, ';': 0, '\t': 0, '|': 0 };
      blank = true;
      continue;
    }
    blank = false;
    if (c === ',' || c === ';' || c === '\t' || c === '|') counts[c]++;
  }
  if (!blank) records.push(counts);
  return records;
}

/** Share of records holding the most common non-zero count; 0 when the delimiter never appears. */
function consistentShare(counts: number[]): number {
  const frequency = new Map<number, number>();
  for (const count of counts) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  const mostCommon = Math.max(0, ...frequency.values());
  return counts.length === 0 ? 0 : mostCommon / counts.length;
}

/**
 * Reads RFC 4180 records lazily, so a multi-million-row file is never held
 * as rows all at once. Blank lines carry no record and are skipped (they
 * still count for row numbers). Lines without quotes, which is nearly every
 * line of meter data, are cut with indexOf/slice; only records with a quote
 * go through the character-by-character reader. `read.at`, when given, is
 * where in the text each record yielded ends: how far reading has come.
 */
export function* readCsvRows(
  text: string,
  delimiter: CsvDelimiter,
  read?: { at: number },
): Generator<CsvRow, void, undefined> {
  const length = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let row = 1;
  // Next occurrence of each character at or after `pos`, or `length` when none is left. Each is only
  // searched again once `pos` has passed it: re-searching per line would be quadratic whenever a
  // character is rare (e.g. '\r' in an LF file, or the delimiter in a one-column file).
  let nextLf = -1;
  let nextCr = -1;
  let nextQuote = -1;
  let nextDelimiter = -1;
  while (pos < length) {
    if (nextLf < pos) nextLf = indexOrLength(text, '\n', pos);
    if (nextCr < pos) nextCr = indexOrLength(text, '\r', pos);
    if (nextQuote < pos) nextQuote = indexOrLength(text, '"', pos);
    const end = nextLf < nextCr ? nextLf : nextCr;
    if (nextQuote < end) {
      const record = readQuotedRecord(text, pos, delimiter, row);
      if (read) read.at = record.next;
      yield { row, cells: record.cells };
      pos = record.next;
      row += record.lineBreaks;
      continue;
    }
    if (end > pos) {
      // Splitting with indexOf/slice measured ~2x faster than slicing the line and calling split().
      const cells: string[] = [];
      if (nextDelimiter < pos) nextDelimiter = indexOrLength(text, delimiter, pos);
      while (nextDelimiter < end) {
        cells.push(text.slice(pos, nextDelimiter));
        pos = nextDelimiter + 1;
        nextDelimiter = indexOrLength(text, delimiter, pos);
      }
      cells.push(text.slice(pos, end));
      if (read) read.at = end;
      yield { row, cells };
    }
    pos = afterLineBreak(text, end);
    row++;
  }
}

function indexOrLength(text: string, char: string, from: number): number {
  const index = text.indexOf(char, from);
  return index < 0 ? text.length : index;
}

/** Position after the line break at `at` (CRLF counts as one break). */
function afterLineBreak(text: string, at: number): number {
  return text.charCodeAt(at) === CR && text.charCodeAt(at + 1) === LF ? at + 2 : at + 1;
}

interface QuotedRecord {
  cells: string[];
  /** Position of the next record. */
  next: number;
  /** Line breaks consumed, inside quotes and the one ending the record, so the caller can keep counting rows. */
  lineBreaks: number;
}

/** The slow path: one record that has a quote somewhere, possibly spanning lines. */
function readQuotedRecord(text: string, start: number, delimiter: CsvDelimiter, row: number): QuotedRecord {
  const delimiterCode = delimiter.charCodeAt(0);
  const cells: string[] = [];
  let lineBreaks = 0;
  let pos = start;
  for (;;) {
    let value = '';
    if (text.charCodeAt(pos) === QUOTE) {
      const quoted = readQuotedValue(text, pos, row);
      value = quoted.value;
      lineBreaks += quoted.lineBreaks;
      pos = quoted.next;
    }
    // Unquoted text, or anything between a closing quote and the delimiter, is kept as it is, as Excel
    // does: `"12"3` reads as 123 and `5" pipe` keeps its quote.
    const end = fieldEnd(text, pos, delimiterCode);
    if (end > pos) value += text.slice(pos, end);
    cells.push(value);
    pos = end;
    if (text.charCodeAt(pos) === delimiterCode) {
      pos++;
      continue;
    }
    if (pos >= text.length) return { cells, next: pos, lineBreaks: lineBreaks + 1 };
    return { cells, next: afterLineBreak(text, pos), lineBreaks: lineBreaks + 1 };
  }
}

/** Reads `"…"` starting at the opening quote; doubled quotes stand for one. */
function readQuotedValue(text: string, open: number, row: number) {
  let value = '';
  let from = open + 1;
  for (;;) {
    const close = text.indexOf('"', from);
    if (close < 0) {
      throw new ParseProblem(
        `A quoted value that starts on row ${row} is never closed: a " is missing, or a value contains a stray ".`,
        { row },
      );
    }
    if (text.charCodeAt(close + 1) === QUOTE) {
      value += text.slice(from, close + 1);
      from = close + 2;
      continue;
    }
    const lineBreaks = countLineBreaks(text, open + 1, close);
    return { value: value + text.slice(from, close), next: close + 1, lineBreaks };
  }
}

/** Line breaks (LF, CR or CRLF) in text[from, to). */
function countLineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) breaks++;
  }
  return breaks;
}

/** Position of the delimiter or line break ending an unquoted run, or the end of the text. */
function fieldEnd(text: string, from: number, delimiterCode: number): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === delimiterCode || c === LF || c === CR) break;
  }
  return i;
}
