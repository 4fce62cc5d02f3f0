import type { StorybookConfig } from '@storybook/react-vite';

/** The gallery: one story per example in schemas/widgets/*.schema.json, generated into stories/widgets/. */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest'],
  // ./public holds MSW's service worker (kept current by package.json's msw.workerDirectory).
  staticDirs: ['../public', './public'],
  framework: { name: '@storybook/react-vite', options: {} },
  // No argument tables to fill: the gallery has no docs pages, and react-docgen parsing every component for
  // them was half the build (22 CPU-s against 12 without).
  typescript: { reactDocgen: false },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Widgets read the API through the gallery's service worker, never a local server.
  viteFinal: (viteConfig) => ({ ...viteConfig, server: { ...viteConfig.server, proxy: {} } }),
};

export default config;
