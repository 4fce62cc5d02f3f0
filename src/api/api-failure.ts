/** A problem the API reported: its status and parsed body, thrown to the caller (spec §8). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; issues?: { pointer: string; message: string }[] } | undefined,
  ) {
    super(body?.message ?? `The server answered ${status}.`);
  }
}

/** The server's 404: what was asked for does not exist, or belongs to another organisation. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiFailure && error.status === 404;
}
