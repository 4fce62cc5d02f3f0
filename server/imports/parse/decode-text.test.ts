import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text';
import { ParseProblem } from './problem';

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: (number[] | Uint8Array)[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  return out;
}

function problemOf(input: Uint8Array): ParseProblem {
  try {
    decodeText(input);
  } catch (error) {
    if (error instanceof ParseProblem) return error;
    throw error;
  }
  throw new Error('expected a ParseProblem');
}

describe('decodeText', () => {
  it('decodes UTF-8 and keeps non-ASCII characters', () => {
    expect(decodeText(utf8('meter,Zähler €\n'))).toBe('meter,Zähler €\n');
  });

  it('strips a UTF-8 BOM', () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], utf8('a,b')))).toBe('a,b');
  });

  it('decodes empty input to an empty string', () => {
    expect(decodeText(new Uint8Array())).toBe('');
  });

  it('decodes UTF-16 LE and BE with a BOM', () => {
    expect(decodeText(utf16('meter;Zähler\r\n', true))).toBe('meter;Zähler\r\n');
    expect(decodeText(utf16('meter;Zähler\r\n', false))).toBe('meter;Zähler\r\n');
  });

  it('names the first invalid byte, its offset and its line', () => {
    // "café" saved as Latin-1: 0xE9 followed by ASCII is not a UTF-8 sequence.
    const problem = problemOf(bytes(utf8('name\ncaf'), [0xe9], utf8(',1\n')));
    expect(problem.reason).toBe(
      'The file is not UTF-8 text (byte 0xE9 at offset 8 is not valid UTF-8). Save it as CSV UTF-8 and upload it again.',
    );
    expect(problem.row).toBe(2);
    expect(problemOf(bytes(utf8('a\r\nb\rc\n'), [0xe9])).row).toBe(4);
  });

  it('rejects stray continuation bytes, overlongs, surrogates and truncated sequences', () => {
    expect(problemOf(bytes(utf8('a'), [0x80])).reason).toContain('byte 0x80 at offset 1');
    expect(problemOf(bytes([0xc0, 0xaf])).reason).toContain('byte 0xC0 at offset 0');
    expect(problemOf(bytes([0xed, 0xa0, 0x80])).reason).toContain('byte 0xED at offset 0');
    expect(problemOf(bytes(utf8('ab'), [0xe2, 0x82])).reason).toContain('byte 0xE2 at offset 2');
  });

  it('finds the bad byte after valid multi-byte characters', () => {
    expect(problemOf(bytes(utf8('€ä𝄞'), [0xff])).reason).toContain('byte 0xFF at offset 9');
  });

  it('rejects binary data', () => {
    expect(problemOf(bytes(utf8('abc'), [0, 1, 2, 3, 0xff, 0xfe, 7, 0])).reason).toBe(
      'The file contains binary data (a NUL byte at offset 3), not CSV text.',
    );
  });

  it('recognises workbooks uploaded as CSV', () => {
    expect(problemOf(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0])).reason).toContain('Excel workbook');
    expect(problemOf(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])).reason).toContain('.xls');
  });

  it('recognises UTF-16 without a BOM', () => {
    expect(problemOf(utf16('meter,value\n1,2\n', true).subarray(2)).reason).toContain('UTF-16');
  });

  it('rejects UTF-32 and broken UTF-16', () => {
    expect(problemOf(bytes([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0])).reason).toContain('UTF-32');
    // An unpaired high surrogate.
    expect(problemOf(bytes([0xff, 0xfe, 0x3d, 0xd8, 0x41, 0])).reason).toContain('not valid UTF-16');
  });
});
