import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sourceFiles } from './endpoint-coverage';

/**
 * Which endpoints' failures the widgets alone show. A widget's schema names
 * the endpoints it reads (x-endpoints), and widgets/failed-endpoints.test.tsx
 * breaks each of them under each widget. An endpoint the app's own code calls
 * too (the session, the shell, the editor, a page's document) may fail
 * outside any widget, and is the end-to-end suite's to break.
 */

const ROOT = process.cwd();

/** The widgets whose schema says they read `endpoint`. */
export function widgetReads(endpoint: string): Set<string> {
  const readers = new Set<string>();
  for (const [widget, endpoints] of declaredReads()) if (endpoints.includes(endpoint)) readers.add(widget);
  return readers;
}

/**
 * Endpoints only widgets read: named by a widget's x-endpoints and called by
 * no code of the app's own. The data hooks of src/data/ are the widgets'
 * unless a module of the app's own imports them (the top bar's organisation face).
 */
export function widgetOnlyEndpoints(): Set<string> {
  const declared = new Set([...declaredReads().values()].flat());
  const appCalls = new Set(appCodeFiles().flatMap(calledContracts));
  return new Set([...declared].filter((endpoint) => !appCalls.has(endpoint)));
}

/** Each widget's name and the endpoints its schema says it reads (x-endpoints), sorted. */
export function declaredReads(): Map<string, string[]> {
  const dir = join(ROOT, 'schemas/widgets');
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.schema.json'))
      .map((file) => {
        const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { 'x-endpoints'?: string[] };
        return [file.replace('.schema.json', ''), [...(schema['x-endpoints'] ?? [])].sort()];
      }),
  );
}

/** The app's own source files: src/ less the generated client, and less the data hooks only widgets use. */
function appCodeFiles(): string[] {
  const files = sourceFiles(join(ROOT, 'src'))
    .map((file) => relative(ROOT, file))
    .filter((file) => !file.startsWith('src/generated/'));
  const outsideData = files.filter((file) => !file.startsWith('src/data/'));
  const appText = outsideData.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
  const importedByApp = (dataFile: string) =>
    appText.includes(`${dataFile.replace(/^src\//, '').replace(/\.tsx?$/, '')}'`);
  return [...outsideData, ...files.filter((file) => file.startsWith('src/data/') && importedByApp(file))];
}

function calledContracts(file: string): string[] {
  return [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bapi\s*\.\s*(\w+)/g)].map(
    (match) => match[1] as string,
  );
}
