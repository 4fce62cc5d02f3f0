import type { LaunchOptions } from 'playwright-core';

/**
 * The Chromium that prints reports (print-report.ts) and that the browser
 * tests and benches drive: one way to start it.
 *
 * Debian's Chromium headless shell (package chromium-headless-shell), started
 * the way this machine's closed network needs: without background networking
 * it floods the network with refused requests.
 *
 * The shell, not the full browser in its headless mode: the same Blink and
 * V8, without the browser's own interface, and the build Playwright itself
 * runs headless tests in. A page load cost the machine about half the CPU
 * (eight product pages, each in a new context: 40 CPU-seconds against 73),
 * and the end-to-end tests are mostly that.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
