import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './server/reports/chromium.ts';
import { LongestFirstSequencer } from './tests/run/longest-first-sequencer.ts';
import viteConfig from './vite.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * DOM test files (happy-dom) that replace modules of their own (vi.mock) or need the
 * module state of a freshly opened page (marked "vitest: isolated"): each
 * runs with modules of its own. The rest share their worker's modules, as the
 * server's do: loading React, Chakra, the registry and four languages afresh
 * per file was two thirds of the unit project's time (190 s against 60 s on
 * two cores). aws-amplify is replaced for all of them alike, in the set-up
 * (tests/amplify-mock.ts), so the widget tests that sign people in share too.
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|resetModules|stubGlobal)\(|vitest: isolated/;
const UNIT_TEST = /\.test\.tsx?$/;

/** V8's young generation for workers that allocate short-lived objects by the million (see the server project). */
const LARGER_YOUNG_GENERATION = '--max-semi-space-size=32';

function unitTestFiles(): { shared: string[]; isolated: string[] } {
  const files = ['src', 'widgets', 'scripts', 'tests']
    .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
    .map((file) => file.split('\\').join('/'))
    .filter((file) => UNIT_TEST.test(file) && !file.endsWith('.e2e.test.ts'));
  const isolated = files.filter((file) => NEEDS_ISOLATION.test(readFileSync(file, 'utf8')));
  return { shared: files.filter((file) => !isolated.includes(file)), isolated };
}
const unitFiles = unitTestFiles();

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Three files at a time, from one queue for every project (see the sequencer): Vitest's default leaves
      // one core free, which on a two-core machine runs every file in turn, and a third file fills the time
      // the others wait, a server test on its clock or a browser on the app.
      maxWorkers: 3,
      sequence: { sequencer: LongestFirstSequencer },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            // happy-dom, not jsdom: the same tests took 101 CPU-s against 145 (tests/setup/dom.ts fills its gaps).
            environment: 'happy-dom',
            include: unitFiles.shared,
            isolate: false,
            setupFiles: ['tests/setup/dom.ts'],
            // Its files import paths without extensions, which Node cannot load: Vite transforms it instead,
            // with the plugin that leaves out its markdown highlighter (build/codemirror-json-schema).
            server: { deps: { inline: ['codemirror-json-schema'] } },
          },
        },
        {
          extends: true,
          test: {
            name: 'unit-isolated',
            environment: 'happy-dom',
            include: unitFiles.isolated,
            setupFiles: ['tests/setup/dom.ts'],
            server: { deps: { inline: ['codemirror-json-schema'] } },
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            // Server files share a worker's modules: each opens databases of its own and none mocks a
            // module, and importing Fastify, Kysely and PGlite afresh per file was most of their time
            // (177 s against 99 s for the project on two cores).
            isolate: false,
            // A young generation allowed 32 MB a half, where V8 left to itself starts at 1 and stops at 16:
            // the server's tests allocate a request's worth of short-lived objects thousands of times over
            // (the project's four busiest files took 91-98 CPU-s with it, 108-110 without).
            execArgv: [LARGER_YOUNG_GENERATION],
            include: ['server/**/*.test.ts'],
            testTimeout: 20_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            // First in the queue, three files at most at a time with the rest's: built for production, a
            // file's browser waits more than it computes (about 0.45 of a core on average), so the others
            // fill the gaps (the project took 374 s with three against about 450 s with two). Never beside
            // more than two other files: in runs of their own beside the server's two workers, the browsers
            // loaded two cores past ten runnable processes and the server's tests timed out.
            // Each file's server runs in its worker: the same allocation as the server project's.
            execArgv: [LARGER_YOUNG_GENERATION],
            // A worker keeps its modules from file to file: each file starts a server and imports the
            // server's code, and transforming and importing it afresh per file cost about 200 s of CPU.
            // Each file's server, database and browser are its own (demo-app.ts).
            isolate: false,
            include: ['tests/browser/**/*.e2e.test.ts'],
            globalSetup: [
              'tests/browser/build-frontend.ts',
              'tests/browser/seed-demo-once.ts',
              'tests/browser/endpoint-coverage.ts',
            ],
            // Fails each test on what its browser saw go wrong, and records the endpoints it called.
            setupFiles: ['tests/browser/e2e-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          plugins: [storybookTest({ configDir: `${root}.storybook` })],
          // Vitest seeds Vite's dependency scan with the stories alone; a dependency found later
          // (say react-router behind a widget's link) re-optimises mid-run and loads React twice.
          // Scanning every browser module up front pre-bundles them all before the first story.
          optimizeDeps: {
            entries: ['.storybook/preview.tsx', 'stories/**/*.tsx', 'widgets/**/*.tsx', 'src/**/*.{ts,tsx}'],
          },
          test: {
            name: 'storybook',
            // Room for the stories' own wait (stories/widget-example-play.ts) on a busy machine.
            testTimeout: 30_000,
            browser: {
              enabled: true,
              headless: true,
              provider: playwright({ launchOptions: chromiumLaunchOptions() }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  }),
);
