import { EXACT_DIGITS, exactDecimal } from './exact-decimal';
import type { ParseProblemReason } from './problem';

export type DecimalSeparator = '.' | ',';

export type NumberParser = (text: string) => number | ParseProblemReason;

/**
 * Sign, digits, at most one decimal separator, optional exponent. No
 * thousands separators: with "1,234" meaning 1.234 in half the world and
 * 1234 in the other half, guessing would silently scale readings by 1000.
 */
const PATTERNS: Record<DecimalSeparator, RegExp> = {
  '.': /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/,
  ',': /^[+-]?(?:\d+(?:,\d*)?|,\d+)(?:[eE][+-]?\d+)?$/,
};

/** A strict reader for meter values written with the given decimal separator. */
export function numberParser(decimal: DecimalSeparator): NumberParser {
  const pattern = PATTERNS[decimal];
  const separator = decimal.charCodeAt(0);
  return (text) => {
    const plain = shortDecimal(text, separator);
    if (!Number.isNaN(plain)) return plain;
    const trimmed = text.trim();
    if (trimmed === '') return { error: 'empty value' };
    if (!pattern.test(trimmed)) return { error: notANumber(trimmed, decimal) };
    const value = Number(decimal === '.' ? trimmed : trimmed.replace(',', '.'));
    // The pattern rules out NaN and "Infinity", but an exponent can still overflow.
    if (!Number.isFinite(value)) return { error: `"${trimmed}" is too large to be a number` };
    return value;
  };
}

const PLUS = 0x2b;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;

/**
 * The common meter value, read without a regular expression or a copy: an
 * optional sign, then at most 15 digits with at most one separator among or
 * around them, nothing else (no spaces, no exponent); NaN for anything else,
 * which the full reader then handles. Exact (see exactDecimal): the double Number() reads.
 * Reads text[start, end), so a file's text can be read in place.
 */
export function shortDecimal(text: string, separator: number, start = 0, end = text.length): number {
  let index = start;
  const sign = start < end ? text.charCodeAt(start) : -1;
  if (sign === MINUS || sign === PLUS) index++;
  let digits = 0;
  let fractionDigits = -1; // -1 until the separator is seen
  let integer = 0;
  for (; index < end; index++) {
    const code = text.charCodeAt(index);
    const digit = code - DIGIT_0;
    if (digit >= 0 && digit <= 9) {
      integer = integer * 10 + digit;
      digits++;
      if (fractionDigits >= 0) fractionDigits++;
    } else if (code === separator && fractionDigits < 0) {
      fractionDigits = 0;
    } else {
      return Number.NaN;
    }
  }
  if (digits === 0 || digits > EXACT_DIGITS) return Number.NaN;
  const value = exactDecimal(integer, fractionDigits);
  return sign === MINUS ? -value : value;
}

/** Points at the separator when that is the likely mistake, as it usually is. */
function notANumber(text: string, decimal: DecimalSeparator): string {
  const other = decimal === '.' ? ',' : '.';
  if (text.includes(other)) {
    return `"${text}" is not a number: the decimal separator for this file is "${decimal}", and thousands separators are not allowed`;
  }
  return `"${text}" is not a number`;
}
