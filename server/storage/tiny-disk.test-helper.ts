import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';

/**
 * A suite given a folder on a disk of its own that holds `bytes` at most (a
 * tmpfs, mounted for it): what a full disk does to the product, for real.
 * Mounting needs root, as CI has; elsewhere the suite is skipped visibly,
 * and under CI it fails rather than test less.
 */
export function describeWithTinyDisk(
  title: string,
  bytes: number,
  suite: (folder: () => string) => void,
): void {
  const root = process.getuid?.() === 0;
  const ci = ['true', '1'].includes(process.env.CI?.toLowerCase() ?? '');
  if (!root && !ci) {
    describe.skip(`${title} (skipped: mounting a small disk needs root)`, () => suite(() => ''));
    return;
  }
  describe(title, () => {
    const folder = mkdtempSync(join(tmpdir(), 'insights-tiny-disk-'));
    beforeAll(() => {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', folder]);
    });
    afterAll(() => {
      execFileSync('umount', [folder]);
      rmSync(folder, { recursive: true, force: true });
    });
    suite(() => folder);
  });
}
