import { ApiError } from '../http/api-error';
import { ParseProblem } from './parse/problem';

/** Problems with the file or the mapping are the user's to fix: 400 with the reason. */
export async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ParseProblem) throw new ApiError(400, error.message);
    throw error;
  }
}
