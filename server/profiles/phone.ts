import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js';
import { invalidBody } from '../http/api-error';

/**
 * The spec's rule (§5): empty, or just '+', is no number and is saved as
 * null; anything else must be a valid international number, kept in E.164.
 */
export function normalisePhone(input: string | null | undefined): string | null {
  const trimmed = (input ?? '').trim();
  if (trimmed === '' || trimmed === '+') return null;
  if (!isValidPhoneNumber(trimmed)) {
    throw invalidBody([{ pointer: '/phone_number', message: 'Please input correct number!' }]);
  }
  return parsePhoneNumberWithError(trimmed).number;
}
