/** Up to this many decimal digits always form an integer below 2^53, exact in a double. */
export const EXACT_DIGITS = 15;
const POWERS_OF_TEN = Array.from({ length: EXACT_DIGITS + 1 }, (_, power) => 10 ** power);

/**
 * The number written by at most EXACT_DIGITS digits, read as the integer
 * `digits` with the last `fractionDigits` of them after the decimal point.
 * Both the integer and the power of ten are exact doubles, so the one division
 * rounds correctly: the result is the double that Number() and JSON.parse read
 * from the same text, without building the text.
 */
export function exactDecimal(digits: number, fractionDigits: number): number {
  return fractionDigits > 0 ? digits / (POWERS_OF_TEN[fractionDigits] as number) : digits;
}
