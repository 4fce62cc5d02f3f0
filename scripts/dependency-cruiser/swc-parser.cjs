// Makes dependency-cruiser 17's swc parser read this tree. Required by .dependency-cruiser.cjs,
// which dependency-cruiser loads into the same process before it parses a file.
//
// Why a shim: TypeScript 7 has no compiler API, so the "tsc" parser is out and swc is the one
// TypeScript parser left. dependency-cruiser 17.4.3 (the last line that runs on Node 20) hands
// swc the same options for every file and never sets `tsx`, so the first .tsx file aborts the
// whole run with a syntax error (fixed in dependency-cruiser 18, which needs Node 22). And no
// parser sees Vite's `import.meta.glob`, through which the registry reaches every widget.
//
// So swc's parseFileSync is wrapped: .tsx/.jsx files are parsed with `tsx: true`, and each
// `import.meta.glob('<pattern>')` in a file is read as one dynamic `import()` of every file the
// pattern matches today, so those arrows are checked like any other. Delete this file once the
// project runs dependency-cruiser 18 or later (and then let it read the globs, if it does).
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { dirname, join, relative, sep } = require('node:path');
const swc = require('@swc/core');

const ROOT = join(__dirname, '..', '..');
const IGNORED_FOLDERS = new Set(['node_modules', '.git']);

/** The files a Vite glob pattern matches: `*` within one path segment, `**` any number of folders. */
function expandGlob(pattern, fromFile) {
  const absolute = pattern.startsWith('/') ? join(ROOT, pattern) : join(dirname(fromFile), pattern);
  const segments = absolute.split(sep);
  const firstWild = segments.findIndex((segment) => segment.includes('*'));
  if (firstWild < 0) return [absolute];
  const matches = [];
  walk(segments.slice(0, firstWild).join(sep) || sep, segments.slice(firstWild), matches);
  return matches.sort();
}

function walk(folder, rest, matches) {
  const [segment, ...tail] = rest;
  if (segment === '**') {
    walk(folder, tail, matches);
    for (const entry of entriesOf(folder)) {
      if (entry.isDirectory() && !IGNORED_FOLDERS.has(entry.name))
        walk(join(folder, entry.name), rest, matches);
    }
    return;
  }
  const matcher = new RegExp(`^${segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  for (const entry of entriesOf(folder)) {
    if (!matcher.test(entry.name)) continue;
    const path = join(folder, entry.name);
    if (tail.length === 0) {
      if (entry.isFile()) matches.push(path);
    } else if (entry.isDirectory()) {
      walk(path, tail, matches);
    }
  }
}

function entriesOf(folder) {
  try {
    return statSync(folder).isDirectory() ? readdirSync(folder, { withFileTypes: true }) : [];
  } catch {
    return [];
  }
}

/** The string patterns of every `import.meta.glob(...)` call in a parsed module. */
function globPatterns(node, patterns = []) {
  if (Array.isArray(node)) {
    for (const item of node) globPatterns(item, patterns);
  } else if (node && typeof node === 'object') {
    if (node.type === 'CallExpression' && isImportMetaGlob(node.callee)) {
      const first = node.arguments[0]?.expression;
      const literals =
        first?.type === 'ArrayExpression' ? first.elements.map((element) => element?.expression) : [first];
      for (const literal of literals) {
        // A negative pattern ('!…') only narrows the others: reading them all is the safe side.
        if (literal?.type === 'StringLiteral' && !literal.value.startsWith('!')) patterns.push(literal.value);
      }
    }
    for (const value of Object.values(node))
      if (value && typeof value === 'object') globPatterns(value, patterns);
  }
  return patterns;
}

function isImportMetaGlob(callee) {
  return (
    callee?.type === 'MemberExpression' &&
    callee.object?.type === 'MetaProperty' &&
    callee.object.kind === 'import.meta' &&
    callee.property?.value === 'glob'
  );
}

const parseFileSync = swc.parseFileSync;

swc.parseFileSync = function parseFileSyncForThisTree(file, options) {
  const parserOptions = { ...options, tsx: /\.[jt]sx$/.test(file) };
  const module = parseFileSync.call(this, file, parserOptions);
  if (!readFileSync(file, 'utf8').includes('import.meta')) return module;
  const imports = globPatterns(module.body).flatMap((pattern) =>
    expandGlob(pattern, file).map((match) => {
      const specifier = relative(dirname(file), match).split(sep).join('/');
      return `import(${JSON.stringify(specifier.startsWith('.') ? specifier : `./${specifier}`)});`;
    }),
  );
  if (imports.length > 0) module.body.push(...swc.parseSync(imports.join('\n'), options).body);
  return module;
};
