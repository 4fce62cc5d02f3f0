/**
 * A number as positional decimal text ("0.00000015", never "1.5e-7"), using
 * the shortest digits that round-trip, as String() does. Spreadsheet values
 * become cell text that a person may read in an error message and that the
 * number parser reads back exactly.
 */
export function plainDecimal(value: number): string {
  const text = String(value);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const integerDigits = point < 0 ? mantissa.length : point;
  const digits = mantissa.replace('.', '');
  const pointAt = integerDigits + exponent;
  let plain: string;
  if (pointAt <= 0) plain = `0.${'0'.repeat(-pointAt)}${digits}`;
  else if (pointAt >= digits.length) plain = digits + '0'.repeat(pointAt - digits.length);
  else plain = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return negative ? `-${plain}` : plain;
}
