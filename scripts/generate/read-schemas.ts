import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A widget's props schema as written in schemas/widgets/<name>.schema.json. */
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

export function readLayoutSchema(): Record<string, unknown> {
  return readJson(join(SCHEMAS_DIR, 'layout.schema.json'));
}

/** Every widget props schema, sorted by name so generated files are stable. */
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
      return { name, schema: readJson(join(dir, file)) };
    });
}

/** "line-chart" → "LineChart": the stem of the generated type names. */
export function pascalCase(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
