import type { StorybookConfig } from '@storybook/react-vite';

/** The gallery: one story per example in schemas/widgets/*.schema.json, generated into stories/widgets/. */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest'],
  staticDirs: ['../public'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The gallery shows widgets on their own: product widgets show their error state rather than reach a local server.
  viteFinal: (viteConfig) => ({ ...viteConfig, server: { ...viteConfig.server, proxy: {} } }),
};

export default config;
