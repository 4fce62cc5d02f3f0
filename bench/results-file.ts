import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The shape every benchmark writes to bench/results/<name>.json (see the developers' guide). */
export interface BenchResult {
  name: string;
  metrics: Record<string, number>;
  reference: Record<string, number>;
  /** Our headline figure divided by the reference's, in the units the issue names. */
  ratio: number;
  goal: string;
  /** Whether this run's figures meet `goal`. */
  goalMet: boolean;
}

export function writeResult(result: BenchResult): string {
  const dir = join(new URL('.', import.meta.url).pathname, 'results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${result.name}.json`);
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}

/**
 * Writes the results file and prints the run's last line: `summary`, then the
 * goal in short and whether it is met. A missed goal is a figure to report,
 * not a failure of the run, so the process still ends with 0 (only a bench
 * that could not measure fails).
 */
export function reportResult(result: BenchResult, summary: string, goalInShort: string): void {
  const path = writeResult(result);
  console.log(`wrote ${path}`);
  console.log(`${summary}; goal ${goalInShort}: ${result.goalMet ? 'met' : 'missed'}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
