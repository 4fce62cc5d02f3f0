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
}

export function writeResult(result: BenchResult): string {
  const dir = join(new URL('.', import.meta.url).pathname, 'results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${result.name}.json`);
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
