import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Folders a benchmark made (a PGlite database of 14 M rows is gigabytes), to be removed when it ends. */
const made: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Runs a benchmark's main and removes every folder tempDir made, however it ends. */
export async function withTempDirs(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } finally {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}
