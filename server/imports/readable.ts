import { fieldError } from '../http/api-error';
import { ParseProblem } from './parse/problem';

/**
 * Problems with the file or the mapping are the user's to fix: 400 with the
 * reason, pointed at the mapping field at fault when the problem names one
 * (a column the file lacks: /mapping/value/column), else at the file.
 */
export async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ParseProblem)
      throw fieldError(error.field === undefined ? '/fileId' : `/mapping${error.field}`, error.message);
    throw error;
  }
}
