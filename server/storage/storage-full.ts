import { ApiError } from '../http/api-error';
import type { ErrorAnswer } from '../http/api-plugin';

/** The disk (or quota) under the storage folder has no room for what was being kept: nothing of it was. */
export class StorageFull extends Error {
  constructor(key: string) {
    super(`no room left in storage for ${key}`);
  }
}

/** Node's codes for a full disk and a full quota. */
export function isNoRoom(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * A full store refuses what it cannot keep with 503 (the service is short of
 * room for now, not the request at fault), saying who can make room.
 */
export const storageFullAnswer: ErrorAnswer = (error) =>
  error instanceof StorageFull
    ? new ApiError(
        503,
        "There is no room left to store the file, so nothing was kept. Ask your administrator to free space on the server's storage, then try again.",
      )
    : undefined;
