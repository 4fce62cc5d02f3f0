import { isValidPhoneNumber } from 'libphonenumber-js';

/**
 * The spec's phone rule (§5): empty or just '+' means no number (saved as
 * null); anything else must be a valid international number.
 */
export function phoneForSaving(input: string): { ok: true; value: string | null } | { ok: false } {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed === '+') return { ok: true, value: null };
  return isValidPhoneNumber(trimmed) ? { ok: true, value: trimmed } : { ok: false };
}
