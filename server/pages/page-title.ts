import { fieldError } from '../http/api-error';

/** A title as stored: trimmed, and not blank, since lists and the browser tab show it. */
export function cleanTitle(title: string, pointer = '/title'): string {
  const trimmed = title.trim();
  if (trimmed === '') throw fieldError(pointer, 'Give the page a title, such as "Energy overview".');
  return trimmed;
}
