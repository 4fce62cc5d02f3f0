import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLayout } from '../src/engine/load-layout';
import { knownWidgetNames, loadDataValidators } from '../src/engine/validation/compiled-validators';
import { formatIssue } from '../src/engine/validation/issue';

// loadLayout checks each widget's data with that widget's own validator, fetched first.
beforeAll(() => loadDataValidators(knownWidgetNames));

const root = process.cwd();
const layoutsDir = join(root, 'layouts');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

const files = jsonFiles(layoutsDir).map((path) => [relative(root, path), path] as const);

/** The server's settings, by the environment variables server/config.ts reads: the operator's words, not a user's. */
const serverSettings = [
  ...new Set(
    [...readFileSync(join(root, 'server/config.ts'), 'utf8').matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map(
      (match) => match[1] as string,
    ),
  ),
];

describe('layouts/', () => {
  it('has pages', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  describe.each(files)('%s', (name, path) => {
    const text = readFileSync(path, 'utf8');

    it('validates against the page schema, with no migration needed', () => {
      const result = loadLayout({ text });
      expect(result.issues.map(formatIssue)).toEqual([]);
      expect(result.migratedFrom).toBeUndefined();
    });

    it('names schemas/page.schema.json in $schema, so editors check and complete it', () => {
      const schema = (JSON.parse(text) as { $schema?: string }).$schema ?? '';
      expect(resolve(dirname(path), schema)).toBe(join(root, 'schemas/page.schema.json'));
    });

    it('shows a person no server setting: what is there and whom to ask, not what to configure', () => {
      expect(serverSettings).toContain('DATA_DIR');
      expect(serverSettings.filter((setting) => new RegExp(`\\b${setting}\\b`).test(text))).toEqual([]);
    });

    it('has an id matching its path, so the address and the document agree', () => {
      const id = (JSON.parse(text) as { id: string }).id;
      expect(`layouts/${id}.json`).toBe(name);
    });
  });
});
