import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PLAIN_MARKDOWN = fileURLToPath(new URL('./plain-markdown.ts', import.meta.url));
const JSON_PARSER_ONLY = '\0codemirror-json-schema:json-parser-only';

/**
 * codemirror-json-schema (issue 23's choice for code mode) brings shiki, markdown-it and the YAML and JSON5
 * parsers with every entry point: the editor's chunk measured 290 KB gzipped with them and 169 KB without.
 * Only its features' own imports of two modules are swapped: the markdown renderer for plain escaped text,
 * and the parser chooser for one that knows JSON alone (layouts are JSON). Checked by
 * src/editor/code/schema-assistance.test.ts, which runs completion and hover through this plugin.
 */
export function lightCodemirrorJsonSchema(): Plugin {
  let parsers = '';
  return {
    name: 'light-codemirror-json-schema',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('codemirror-json-schema/dist/features/')) return undefined;
      if (source === '../utils/markdown') return PLAIN_MARKDOWN;
      if (source === '../parsers') {
        parsers = join(dirname(importer.split('?')[0] as string), '../parsers');
        return JSON_PARSER_ONLY;
      }
      return undefined;
    },
    load(id) {
      if (id !== JSON_PARSER_ONLY) return undefined;
      return [
        `import { parseJSONDocumentState } from ${JSON.stringify(join(parsers, 'json-parser.js'))};`,
        'export const getDefaultParser = () => parseJSONDocumentState;',
      ].join('\n');
    },
  };
}
