/** What a number field makes of its text. */
export type NumberReading = { number: number } | { problem: 'notANumber' | 'notWhole' };

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * Reads a number as people type it: "2.5", "-3", "1e3", and "2,5" where a
 * comma is the decimal mark. Anything else is refused rather than guessed
 * (Number() would read "0x10" as 16 and " " as 0).
 */
export function readNumber(text: string, { whole }: { whole: boolean }): NumberReading {
  const trimmed = text.trim();
  const normalised = trimmed.includes('.') ? trimmed : trimmed.replace(',', '.');
  if (!DECIMAL.test(normalised)) return { problem: 'notANumber' };
  const number = Number(normalised);
  if (!Number.isFinite(number)) return { problem: 'notANumber' };
  if (whole && !Number.isInteger(number)) return { problem: 'notWhole' };
  return { number };
}
