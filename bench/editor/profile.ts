import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Where BENCH_PROFILE_DIR asks for CPU profiles and traces; then the build is left unminified, so they name functions. */
export const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

/**
 * With BENCH_PROFILE_DIR set, runs `work` once more under the page's CPU
 * profiler and writes <name>-<time>.cpuprofile there (open it in Chromium's
 * DevTools): where a case's time goes. Not part of the figures.
 */
export async function profileOnce(page: Page, name: string, work: () => Promise<unknown>): Promise<void> {
  if (!PROFILE_DIR) return;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  try {
    await work();
  } finally {
    const { profile } = await session.send('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    const path = join(PROFILE_DIR, `${name}-${Date.now()}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    console.log(`wrote ${path}`);
    await session.detach();
  }
}

/** With BENCH_PROFILE_DIR set, a trace taken for the figures is written there too (DevTools' Performance panel opens it). */
export function keepTrace(name: string, trace: Buffer): void {
  if (!PROFILE_DIR) return;
  mkdirSync(PROFILE_DIR, { recursive: true });
  const path = join(PROFILE_DIR, `${name}-${Date.now()}.trace.json`);
  writeFileSync(path, trace);
  console.log(`wrote ${path}`);
}
