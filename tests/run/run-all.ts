import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_TIMES_FILE_VARIABLE, type ProjectSpan } from './project-times-reporter';

/**
 * `npm test` and `npm run test:changed`: the static checks and the test
 * projects, then each part's wall time, so a slow-down shows the day it lands.
 *
 * The checks run beside Vitest; their output is kept until each ends, so it
 * does not break into Vitest's.
 *
 * `--changed`: only what a change touches. Biome checks the changed files,
 * tsc the whole project (a few seconds), and Vitest runs the test files whose
 * imports reach a changed file (`vitest --changed`), measured against
 * origin/main where there is one, else main, uncommitted files included.
 * dependency-cruiser is left out: its rules are about the whole tree.
 */

/**
 * Vitest's projects, in one run: one queue of their files, in the order its
 * sequencer gives (longest-first-sequencer.ts). Side by side in runs of their own they were
 * slower and failed: beside the browsers the server's tests (20 s limits)
 * took 900 s instead of 350 and timed out, and the DOM tests (5 s waits)
 * timed out even with one worker. The checks run beside it.
 */
const VITEST_PROJECTS = ['unit', 'unit-isolated', 'server', 'e2e'];

/**
 * The checker on one thread: it runs beside Vitest, which keeps both cores
 * busy, and its parallel checkers each check the shared declarations again
 * (28 CPU-s in 15 s on four, 14 CPU-s in 12 s on one, on two cores).
 */
const TSC_ARGS = ['--noEmit', '--singleThreaded'];

interface Part {
  name: string;
  command: string;
  args: string[];
  /** Vitest's output streams as it comes; a check's is printed when it ends. */
  live?: boolean;
  env?: Record<string, string>;
}

interface Finished {
  part: Part;
  ok: boolean;
  start: number;
  end: number;
}

const runStart = Date.now();
const elapsed = () => Date.now() - runStart;

function main(): void {
  const changed = process.argv.includes('--changed');
  const timesDir = mkdtempSync(join(tmpdir(), 'insights-test-times-'));
  const base = changed ? comparisonBase() : undefined;
  const parts = changed ? changedParts(base as string, timesDir) : wholeSuite(timesDir);
  if (parts.length === 0) {
    console.log(`Nothing changed against ${base}.`);
    return;
  }
  if (base) console.log(`Checking what changed against ${base}.`);
  const children = new Set<ChildProcess>();
  // Ctrl+C stops every part, not only the one holding the terminal.
  process.once('SIGINT', () => {
    for (const child of children) child.kill('SIGINT');
  });
  Promise.all(parts.map((part) => run(part, children)))
    .then((finished) => {
      const spans = readSpans(timesFile(timesDir));
      rmSync(timesDir, { recursive: true, force: true });
      console.log(summary(finished, spans));
      process.exitCode = finished.every((part) => part.ok) ? 0 : 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

function wholeSuite(timesDir: string): Part[] {
  return [
    { name: 'biome', command: 'biome', args: ['check', '.'] },
    { name: 'tsc', command: 'tsc', args: TSC_ARGS },
    { name: 'lint:deps', command: 'npm', args: ['run', '--silent', 'lint:deps'] },
    vitestPart(projectArgs(VITEST_PROJECTS), timesDir),
  ];
}

function projectArgs(projects: string[]): string[] {
  return projects.flatMap((project) => ['--project', project]);
}

function changedParts(base: string, timesDir: string): Part[] {
  const files = changedFiles(base);
  if (files.length === 0) return [];
  return [
    {
      name: 'biome',
      command: 'biome',
      args: ['check', '--no-errors-on-unmatched', '--files-ignore-unknown=true', ...files],
    },
    { name: 'tsc', command: 'tsc', args: TSC_ARGS },
    vitestPart([...projectArgs(VITEST_PROJECTS), '--changed', base, '--passWithNoTests'], timesDir),
  ];
}

function vitestPart(args: string[], timesDir: string): Part {
  return {
    name: 'vitest',
    command: 'vitest',
    args: ['run', ...args, '--reporter=default', '--reporter=./tests/run/project-times-reporter.ts'],
    live: true,
    env: { [PROJECT_TIMES_FILE_VARIABLE]: timesFile(timesDir) },
  };
}

const timesFile = (dir: string) => join(dir, 'projects.json');

/** origin/main where the clone has it, else main. */
function comparisonBase(): string {
  for (const ref of ['origin/main', 'main']) {
    try {
      execFileSync('git', ['rev-parse', '--verify', '--quiet', ref], { stdio: 'ignore' });
      return ref;
    } catch {
      // Not in this clone: try the next.
    }
  }
  throw new Error('test:changed compares with origin/main or main, and this clone has neither');
}

/** Files changed since `base`, committed or not, untracked ones included; deleted ones left out. */
function changedFiles(base: string): string[] {
  const git = (...args: string[]) =>
    execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
  const files = new Set([
    ...git('diff', '--name-only', '--diff-filter=d', `${base}...HEAD`),
    ...git('diff', '--name-only', '--diff-filter=d', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]);
  return [...files].sort();
}

function run(part: Part, children: Set<ChildProcess>): Promise<Finished> {
  const start = elapsed();
  return new Promise((resolve) => {
    const child = spawn(part.command, part.args, {
      // npm puts node_modules/.bin on the PATH of the script that runs this.
      env: { ...process.env, ...part.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: part.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, why?: string) => {
      children.delete(child);
      const finished = { part, ok, start, end: elapsed() };
      if (!part.live) reportCheck(finished, Buffer.concat(output).toString('utf8'), why);
      resolve(finished);
    };
    child.once('error', (error) => finish(false, `${part.command} could not start: ${error.message}`));
    child.once('close', (code, signal) => finish(code === 0, signal ? `stopped by ${signal}` : undefined));
  });
}

/** A check's verdict in one line, with its output when it failed. */
function reportCheck({ part, ok, start, end }: Finished, output: string, why?: string): void {
  const line = `${ok ? '✓' : '✗'} ${part.name} (${seconds(end - start)})`;
  if (ok) {
    console.log(line);
    return;
  }
  console.error(`\n${line} failed${why ? `: ${why}` : ''}\n${output.trimEnd()}\n`);
}

/** The project spans Vitest's reporter wrote; a run that stopped before it wrote says why in its own output. */
function readSpans(file: string): ProjectSpan[] {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProjectSpan[]) : [];
}

/** The table printed last: each part's wall time and, within Vitest, each project's span. */
function summary(finished: Finished[], spans: ProjectSpan[]): string {
  const rows: string[][] = [];
  for (const { part, ok, start, end } of finished) {
    rows.push([part.name, seconds(end - start), `${clock(start)}–${clock(end)}`, ok ? 'passed' : 'FAILED']);
    if (part.name !== 'vitest') continue;
    for (const span of [...spans].sort((a, b) => a.start - b.start)) {
      rows.push([
        `  ${span.project}`,
        seconds(span.end - span.start),
        `${clock(span.start - runStart)}–${clock(span.end - runStart)}`,
        `${span.files} files, ${span.tests} tests`,
      ]);
    }
  }
  rows.push(['total', seconds(elapsed()), '', finished.every((part) => part.ok) ? 'passed' : 'FAILED']);
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const lines = rows.map((row) =>
    row
      .map((cell, column) =>
        column === 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
  return ['', 'Wall time of each part (mm:ss from the start of the run):', ...lines].join('\n');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function clock(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

main();
