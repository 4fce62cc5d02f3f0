/**
 * The page documents in layouts/, each loaded on demand as a chunk of its
 * own. A layout's address is its path under layouts/ without ".json".
 */
const files = import.meta.glob<unknown>('/layouts/**/*.json', { import: 'default' });

const loadersByPath = new Map(
  Object.entries(files).map(([file, load]) => [
    file.replace(/^\/layouts\//, '').replace(/\.json$/, ''),
    load,
  ]),
);

export const layoutPaths: readonly string[] = [...loadersByPath.keys()].sort();

/** The document at layouts/<path>.json, or undefined when there is no such file. */
export function loadLayoutFile(path: string): Promise<unknown> | undefined {
  return loadersByPath.get(path)?.();
}
