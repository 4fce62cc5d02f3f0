import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each e2e worker writes which contracts each test called (e2e-setup.ts). */
    e2eCallsDir: string;
  }
}

/**
 * Endpoints the browser calls that no end-to-end test reaches, each with why.
 * Every other endpoint the browser's code calls must be called by at least
 * one e2e test, so that breaking it fails one.
 */
export const NOT_REACHED_BY_E2E: Record<string, string> = {};

const REPORT = 'tests/browser/endpoint-coverage.generated.md';

export interface Recorded {
  file: string;
  test: string;
  contracts: string[];
}

/**
 * The e2e project's second global set-up: a folder for the workers' records,
 * and at the end of a run of every e2e file, the table of endpoint → tests
 * (written to REPORT, which git ignores) and a failure for each endpoint the
 * browser calls that no test called.
 */
export default function endpointCoverage(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'insights-e2e-calls-'));
  project.provide('e2eCallsDir', dir);
  return () => {
    try {
      judgeCoverage(readRecords(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

function judgeCoverage(records: Recorded[]): void {
  const root = process.cwd();
  const skipped = e2eFiles(root).filter((file) => !records.some((record) => record.file === file));
  if (skipped.length > 0) {
    console.log(
      `Endpoint coverage is judged on a run of every e2e file; this run left out ${skipped.join(', ')}.`,
    );
    return;
  }
  const { problems, table } = coverageOf(records, browserCalledContracts(root));
  writeFileSync(join(root, REPORT), table);
  if (problems.length > 0) {
    // Vitest reports an error thrown here and still exits 0: the exit code is set instead.
    console.error(`Endpoint coverage of the e2e tests fails (${REPORT}):\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(`Every endpoint the browser calls is called by an e2e test (${REPORT}).`);
  }
}

function e2eFiles(root: string): string[] {
  return readdirSync(join(root, 'tests/browser'))
    .filter((name) => name.endsWith('.e2e.test.ts'))
    .map((name) => `tests/browser/${name}`);
}

/** Each endpoint the browser calls that no test called, or that is excluded needlessly; and the table. */
export function coverageOf(records: Recorded[], needed: string[]): { problems: string[]; table: string } {
  const callers = callersByContract(records);
  const missing = needed.filter((name) => !callers.has(name) && !(name in NOT_REACHED_BY_E2E));
  const stale = Object.keys(NOT_REACHED_BY_E2E).filter((name) => callers.has(name) || !needed.includes(name));
  return {
    problems: [
      ...missing.map((name) => `${name} is called by the browser and by no e2e test`),
      ...stale.map((name) => `${name} is in NOT_REACHED_BY_E2E but is reached, or not called by the browser`),
    ],
    table: report(needed, callers),
  };
}

function readRecords(dir: string): Recorded[] {
  return readdirSync(dir).flatMap((name) =>
    readFileSync(join(dir, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Recorded),
  );
}

function callersByContract(records: Recorded[]): Map<string, string[]> {
  const callers = new Map<string, string[]>();
  for (const { file, test, contracts } of records) {
    for (const name of contracts) {
      callers.set(name, [...(callers.get(name) ?? []), `${file.replace('tests/browser/', '')}: ${test}`]);
    }
  }
  return callers;
}

/**
 * The contracts of the browser's generated client that the browser's code
 * calls (`api.<name>(...)` in src/ or widgets/, tests left out).
 */
export function browserCalledContracts(root: string): string[] {
  const client = readFileSync(join(root, 'src/generated/api-client.ts'), 'utf8');
  const inClient = new Set(
    [...client.matchAll(/^ {2}(\w+): \(request/gm)].map((match) => match[1] as string),
  );
  const used = new Set<string>();
  for (const file of [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'widgets'))]) {
    if (relative(root, file).startsWith('src/generated/')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/\bapi\s*\.\s*(\w+)/g)) {
      if (inClient.has(match[1] as string)) used.add(match[1] as string);
    }
  }
  return [...used].sort();
}

/** Product .ts and .tsx files under a folder: tests, test helpers and fixtures left out. */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const product = /\.tsx?$/.test(name) && !/\.test(-helper)?\.tsx?$|test-fixtures\.ts$/.test(name);
    return product ? [path] : [];
  });
}

function report(needed: string[], callers: Map<string, string[]>): string {
  const rows = needed.map((name) => {
    const tests = callers.get(name);
    const cell = tests
      ? tests.join('<br>')
      : `**none**${name in NOT_REACHED_BY_E2E ? `: ${NOT_REACHED_BY_E2E[name]}` : ''}`;
    return `| ${name} | ${cell} |`;
  });
  return [
    '# Endpoints the browser calls, and the e2e tests that call them',
    '',
    'Generated by the e2e run (tests/browser/endpoint-coverage.ts); not kept in git.',
    'Breaking any one of these endpoints (E2E_BREAK_ENDPOINT=<name>) fails each test listed beside it.',
    '',
    '| endpoint | e2e tests calling it |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}
