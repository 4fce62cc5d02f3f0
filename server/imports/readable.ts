import { fieldError } from '../http/api-error';
import { ParseProblem } from './parse/problem';

/**
 * Problems with the file or the mapping are the user's to fix: 400 with the
 * reason, pointed at the file (a ParseProblem does not say which mapping field, if any, is at fault).
 */
export async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ParseProblem) throw fieldError('/fileId', error.message);
    throw error;
  }
}
