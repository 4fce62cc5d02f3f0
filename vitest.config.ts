import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tests/browser/chromium.ts';
import viteConfig from './vite.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default leaves one core free, which on a two-core machine runs every file in turn.
      maxWorkers: '100%',
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            sequence: { groupOrder: 0 },
            include: ['{src,widgets,scripts,tests}/**/*.test.{ts,tsx}'],
            exclude: ['tests/browser/**', 'node_modules/**'],
            setupFiles: ['tests/setup/jsdom.ts'],
            // Its files import paths without extensions, which Node cannot load: Vite transforms it instead,
            // with the plugin that leaves out its markdown highlighter (build/codemirror-json-schema).
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
            include: ['server/**/*.test.ts'],
            sequence: { groupOrder: 0 },
            testTimeout: 20_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            // After the unit and server tests, not beside them: each e2e file runs a server and a Chromium
            // (some with three tabs), and beside the server tests they loaded two cores past ten runnable
            // processes. Two files at a time: built for production, a file's browser waits more than it
            // computes (about 0.45 of a core on average), so a second file fills the gaps.
            sequence: { groupOrder: 1 },
            maxWorkers: 2,
            include: ['tests/browser/**/*.e2e.test.ts'],
            globalSetup: ['tests/browser/build-frontend.ts', 'tests/browser/endpoint-coverage.ts'],
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
