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
  return (text) => {
    const trimmed = text.trim();
    if (trimmed === '') return { error: 'empty value' };
    if (!pattern.test(trimmed)) return { error: notANumber(trimmed, decimal) };
    const value = Number(decimal === '.' ? trimmed : trimmed.replace(',', '.'));
    // The pattern rules out NaN and "Infinity", but an exponent can still overflow.
    if (!Number.isFinite(value)) return { error: `"${trimmed}" is too large to be a number` };
    return value;
  };
}

/** Points at the separator when that is the likely mistake, as it usually is. */
function notANumber(text: string, decimal: DecimalSeparator): string {
  const other = decimal === '.' ? ',' : '.';
  if (text.includes(other)) {
    return `"${text}" is not a number: the decimal separator for this file is "${decimal}", and thousands separators are not allowed`;
  }
  return `"${text}" is not a number`;
}
