// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGeneratedFiles, GENERATED_FOLDERS } from '../scripts/generate/all';

const root = process.cwd();

describe('generated files', () => {
  it('are current with schemas/ (run `npm run gen` and commit the result if this fails)', async () => {
    const files = await buildGeneratedFiles();
    for (const [path, expected] of Object.entries(files)) {
      const actual = readFileSync(join(root, path), 'utf8');
      expect(actual, `${path} is stale`).toBe(expected);
    }
  });

  it('include nothing whose schema is gone', async () => {
    const files = await buildGeneratedFiles();
    for (const folder of GENERATED_FOLDERS) {
      for (const file of readdirSync(join(root, folder))) {
        expect(Object.keys(files), `${folder}/${file} has no schema`).toContain(`${folder}/${file}`);
      }
    }
  });
});
