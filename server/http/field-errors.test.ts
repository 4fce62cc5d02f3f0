import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('..', import.meta.url));

/** Where a 400 is built: only fieldError, invalidBody and invalidRequest (api-error.ts) may, each with a pointer. */
const BUILDS_400 = 'api-error.ts';

/** The server's product code: tests and their helpers may build what answers they like. */
function productFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return productFiles(path);
    const isTest = /\.test(-helper)?\.ts$|\.child\.ts$|\.speed\.ts$/.test(entry.name);
    return entry.name.endsWith('.ts') && !isTest ? [path] : [];
  });
}

/**
 * A 400 made by hand (new ApiError(400, ...)) carries a sentence but no
 * `issues`, so a client cannot tell which field to mark; every 400 goes
 * through api-error.ts's helpers, which name the field's JSON Pointer.
 */
it('builds no 400 by hand: each names the field at fault with a JSON Pointer', () => {
  const byHand = productFiles(SERVER)
    .filter((path) => !path.endsWith(BUILDS_400))
    .flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/new ApiError\(\s*400\b|\.status\(400\)/g)].map(
        (match) => `${relative(SERVER, path)} at offset ${match.index}`,
      ),
    );
  expect(byHand).toEqual([]);
});
