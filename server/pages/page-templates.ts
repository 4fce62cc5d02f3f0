import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageTemplate } from '../../src/generated/api-types';

const LAYOUTS = fileURLToPath(new URL('../../layouts/', import.meta.url));
/**
 * The layouts a page may start from: the dashboard and the dashboards under
 * it. The other layouts are the product's own screens (sign-in, settings,
 * the template's demo pages), not pages an organisation keeps.
 */
const TEMPLATE_ROOT = 'dashboard';

interface Template extends PageTemplate {
  document: unknown;
}

let templates: Map<string, Template> | undefined;

/** The built-in templates, by path; read from layouts/ once, as they ship with the server. */
export function pageTemplates(): PageTemplate[] {
  return [...readTemplates().values()].map(({ path, title }) => ({ path, title }));
}

/** A fresh copy of the template's document, or undefined when there is no template at that path. */
export function templateDocument(path: string): unknown {
  const template = readTemplates().get(path);
  return template && structuredClone(template.document);
}

function readTemplates(): Map<string, Template> {
  templates ??= new Map(
    templateFiles()
      .sort()
      .map((file) => {
        const path = file.replace(/\.json$/, '');
        const { $schema: _editorsSchema, ...document } = JSON.parse(
          readFileSync(join(LAYOUTS, file), 'utf8'),
        ) as Record<string, unknown>;
        return [path, { path, title: String(document.title ?? path), document }];
      }),
  );
  return templates;
}

/** dashboard.json and every .json under dashboard/, as paths relative to layouts/. */
function templateFiles(): string[] {
  const under = readdirSync(join(LAYOUTS, TEMPLATE_ROOT), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => `${TEMPLATE_ROOT}/${file.split('\\').join('/')}`);
  return [`${TEMPLATE_ROOT}.json`, ...under];
}
