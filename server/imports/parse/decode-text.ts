import { ParseProblem } from './problem';

const SAVE_AS_UTF8 = 'Save it as CSV UTF-8 and upload it again.';

/** Binary files are recognised from their start; real text never contains NUL. */
const BINARY_SNIFF_BYTES = 8192;

/**
 * Turns an uploaded file into text. UTF-8 (with or without BOM) is what we ask
 * for; UTF-16 with a BOM is accepted because Excel's "Unicode text" export
 * produces it. Everything else is rejected rather than guessed: decoding
 * Windows-1252 as UTF-8 would silently corrupt meter names, and a wrong guess
 * is worse than asking the user to re-save.
 */
export function decodeText(bytes: Uint8Array): string {
  const encoding = encodingFromBom(bytes);
  if (encoding === 'utf-32') {
    throw new ParseProblem(`The file is UTF-32 text, which is not supported. ${SAVE_AS_UTF8}`);
  }
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return decodeUtf16(bytes, encoding);
  rejectBinary(bytes);
  return decodeUtf8(bytes);
}

type BomEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32';

function encodingFromBom(bytes: Uint8Array): BomEncoding {
  const [b0, b1, b2, b3] = bytes;
  // FF FE 00 00 is the UTF-32 LE mark; it must be checked before UTF-16 LE (FF FE).
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return 'utf-32';
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return 'utf-32';
  if (b0 === 0xff && b1 === 0xfe) return 'utf-16le';
  if (b0 === 0xfe && b1 === 0xff) return 'utf-16be';
  return 'utf-8';
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  try {
    // The decoder drops the BOM itself (ignoreBOM defaults to false).
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new ParseProblem(`The file starts like UTF-16 text but is not valid UTF-16. ${SAVE_AS_UTF8}`);
  }
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    // The decoder drops a leading UTF-8 BOM itself (ignoreBOM defaults to false).
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notUtf8(bytes);
  }
}

/**
 * TextDecoder only says "invalid"; we find the first bad byte ourselves (only
 * on failure, so the happy path stays native speed) because "byte 0xE9 on
 * line 12" lets the user see which character their editor mangled.
 */
function notUtf8(bytes: Uint8Array): ParseProblem {
  const offset = firstInvalidUtf8Offset(bytes);
  if (offset < 0) return new ParseProblem(`The file is not UTF-8 text. ${SAVE_AS_UTF8}`);
  const byte = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return new ParseProblem(
    `The file is not UTF-8 text (byte 0x${byte} at offset ${offset} is not valid UTF-8). ${SAVE_AS_UTF8}`,
    { row: lineNumberAt(bytes, offset) },
  );
}

/** 1-based line of a byte offset, counting line breaks as the CSV reader does (LF, CR or CRLF). */
function lineNumberAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    // Neither byte occurs inside a multi-byte UTF-8 sequence, so counting bytes is safe.
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) line++;
  }
  return line;
}

/**
 * Offset of the first byte that starts an invalid UTF-8 sequence, or -1.
 * Follows the well-formed byte table of Unicode §3.9 (Table 3-7), which is
 * also what TextDecoder enforces: no overlongs, no surrogates, nothing above
 * U+10FFFF.
 */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    const length = sequenceLength(lead, bytes[i + 1]);
    if (length === 0) return i;
    for (let k = 2; k < length; k++) {
      if (!isContinuation(bytes[i + k])) return i;
    }
    i += length;
  }
  return -1;
}

/** Length of the sequence starting with `lead` whose second byte is `second`; 0 when invalid. */
function sequenceLength(lead: number, second: number | undefined): number {
  if (lead < 0x80) return 1;
  if (second === undefined) return 0;
  if (lead >= 0xc2 && lead <= 0xdf) return isContinuation(second) ? 2 : 0;
  if (lead === 0xe0) return second >= 0xa0 && second <= 0xbf ? 3 : 0;
  if (lead === 0xed) return second >= 0x80 && second <= 0x9f ? 3 : 0;
  if (lead >= 0xe1 && lead <= 0xef) return isContinuation(second) ? 3 : 0;
  if (lead === 0xf0) return second >= 0x90 && second <= 0xbf ? 4 : 0;
  if (lead >= 0xf1 && lead <= 0xf3) return isContinuation(second) ? 4 : 0;
  if (lead === 0xf4) return second >= 0x80 && second <= 0x8f ? 4 : 0;
  return 0;
}

function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/**
 * Text files never contain NUL, so one in the first few kB means the user
 * picked the wrong file; we name the common culprits so they know what to do.
 */
function rejectBinary(bytes: Uint8Array): void {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    throw new ParseProblem(
      'The file is an Excel workbook or ZIP archive, not CSV text. Upload .xlsx workbooks with the .xlsx extension.',
    );
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
    throw new ParseProblem('The file is an old-style Excel .xls workbook. Save it as .xlsx or CSV UTF-8.');
  }
  const head = bytes.subarray(0, BINARY_SNIFF_BYTES);
  const nul = head.indexOf(0);
  if (nul < 0) return;
  if (looksLikeUtf16WithoutBom(head)) {
    throw new ParseProblem(`The file looks like UTF-16 text without a byte-order mark. ${SAVE_AS_UTF8}`);
  }
  throw new ParseProblem(`The file contains binary data (a NUL byte at offset ${nul}), not CSV text.`);
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** ASCII-heavy UTF-16 has a NUL in every other byte; a third of them is plenty to tell. */
function looksLikeUtf16WithoutBom(head: Uint8Array): boolean {
  let even = 0;
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    if (head[i] === 0) {
      if (i % 2 === 0) even++;
      else odd++;
    }
  }
  const pairs = head.length / 2;
  return Math.max(even, odd) > pairs / 3 && Math.min(even, odd) < pairs / 20;
}
