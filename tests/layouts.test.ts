import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLayout } from '../src/engine/load-layout';
import { formatIssue } from '../src/engine/validation/issue';

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

    it('has an id matching its path, so the address and the document agree', () => {
      const id = (JSON.parse(text) as { id: string }).id;
      expect(`layouts/${id}.json`).toBe(name);
    });
  });
});
