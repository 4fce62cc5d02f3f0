// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedFiles, GENERATED_FOLDERS } from '../scripts/generate/all';

const root = process.cwd();

describe('generated files', () => {
  let files: Record<string, string>;
  // Built once for both checks: json-schema-to-typescript over every schema takes seconds, tens of them
  // on a busy two-core machine.
  beforeAll(async () => {
    files = await buildGeneratedFiles();
  }, 120_000);

  it('are current with schemas/ (run `npm run gen` and commit the result if this fails)', () => {
    for (const [path, expected] of Object.entries(files)) {
      const actual = readFileSync(join(root, path), 'utf8');
      expect(actual, `${path} is stale`).toBe(expected);
    }
  });

  it('include nothing whose schema is gone', () => {
    for (const folder of GENERATED_FOLDERS) {
      for (const file of readdirSync(join(root, folder))) {
        expect(Object.keys(files), `${folder}/${file} has no schema`).toContain(`${folder}/${file}`);
      }
    }
  });
});
