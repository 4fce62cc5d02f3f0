import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the production build every e2e file serves. */
    frontendDir: string;
  }
}

/**
 * The e2e project's global set-up: one production build for all its files
 * (a build takes tens of seconds on two cores), removed when the run ends.
 */
export default async function buildFrontendOnce(project: TestProject): Promise<() => void> {
  const root = process.cwd();
  const outDir = mkdtempSync(join(tmpdir(), 'insights-e2e-'));
  await productionBuild(() =>
    build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir } }),
  );
  project.provide('frontendDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

/**
 * Runs a build as `npm start` gets it. Vite takes the NODE_ENV it finds, and
 * Vitest has set it to `test`: under it, React's development build (owner
 * stacks, jsxDEV, checks on every element) made each page load in the e2e
 * browser about twice the main-thread work of the product's.
 */
export async function productionBuild<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await work();
  } finally {
    process.env.NODE_ENV = before;
  }
}
