import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineFileRefs } from './inline-refs.ts';

/** A widget's props schema as written in schemas/widgets/<name>.schema.json, its shared parts inlined. */
export interface WidgetSchemaFile {
  name: string;
  schema: Record<string, unknown>;
}

export const ROOT = new URL('../../', import.meta.url).pathname;
export const SCHEMAS_DIR = join(ROOT, 'schemas');
const WIDGET_SCHEMA_SUFFIX = '.schema.json';
const WIDGET_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function readJson(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
  }
}

/** The page structure, with the shared parts it names (the period vocabulary) inlined. */
export function readLayoutSchema(): Record<string, unknown> {
  return inlineFileRefs(readJson(join(SCHEMAS_DIR, 'layout.schema.json')), SCHEMAS_DIR) as Record<
    string,
    unknown
  >;
}

/**
 * Every widget props schema, sorted by name so generated files are stable,
 * with its $refs to schemas/widgets/shared/ inlined (the shared files are no widgets).
 */
export function readWidgetSchemas(): WidgetSchemaFile[] {
  const dir = join(SCHEMAS_DIR, 'widgets');
  return readdirSync(dir)
    .filter((file) => file.endsWith(WIDGET_SCHEMA_SUFFIX))
    .sort()
    .map((file) => {
      const name = file.slice(0, -WIDGET_SCHEMA_SUFFIX.length);
      if (!WIDGET_NAME.test(name)) {
        throw new Error(`schemas/widgets/${file}: widget names are kebab-case, like "line-chart"`);
      }
      return { name, schema: inlineFileRefs(readJson(join(dir, file)), dir) as Record<string, unknown> };
    });
}

/** "line-chart" → "LineChart": the stem of the generated type names. */
export function pascalCase(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
