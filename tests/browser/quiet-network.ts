import type { Page, Request } from 'playwright-core';
import { contracts } from '../../src/generated/api-contracts';

/** The addresses of the contracts that answer a stream (x-endpoint.stream): open for the page's life, never waited for. */
const STREAM_PATHS = new Set(
  Object.values(contracts)
    .filter((binding) => 'stream' in binding)
    .map((binding) => `/api${binding.path}`),
);
const QUIET_MS = 500;

/** Whether a request is one of the app's streams (its live readings), which stays open for the page's life. */
export function isStreamRequest(request: Request): boolean {
  return STREAM_PATHS.has(new URL(request.url()).pathname);
}

const followed = new WeakMap<Page, Set<Request>>();

/**
 * Follows a page's requests from now on (call it before the page loads), so
 * that quietNetwork can wait for them: Playwright's 'networkidle' never
 * comes while the app's live stream is open. For scripts outside the e2e
 * suite, whose pages page-watch.ts does not follow.
 */
export function followRequests(page: Page): void {
  const inFlight = new Set<Request>();
  followed.set(page, inFlight);
  page.on('request', (request) => {
    if (!isStreamRequest(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
}

/** Waits until none of the page's requests but its live stream has been in flight for half a second. */
export async function quietNetwork(page: Page, timeoutMs = 30_000): Promise<void> {
  const inFlight = followed.get(page);
  if (!inFlight) throw new Error('followRequests(page) was not called before the page loaded');
  await untilQuiet(page, () => inFlight.size, timeoutMs);
}

/** Waits until `inFlight` has counted nothing for half a second, or fails after `timeoutMs`. */
export async function untilQuiet(page: Page, inFlight: () => number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`${page.url()} kept loading for ${timeoutMs / 1000} s`);
    if (inFlight() > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}
