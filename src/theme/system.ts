import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** The spec's default primary colour; settings may change it at run time. */
export const DEFAULT_PRIMARY_COLOR = '#4b7cf3';

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle' },
  },
  theme: {
    keyframes: {
      'insights-progress': { from: { width: '0%' }, to: { width: '100%' } },
    },
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef3fe' },
          100: { value: '#d8e3fd' },
          200: { value: '#b1c7fa' },
          300: { value: '#8aabf8' },
          400: { value: '#6a93f5' },
          500: { value: DEFAULT_PRIMARY_COLOR },
          600: { value: '#3c63c2' },
          700: { value: '#2d4a92' },
          800: { value: '#1e3161' },
          900: { value: '#0f1931' },
          950: { value: '#080c18' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          // A shade dark enough for white text (WCAG AA); the spec's #4b7cf3 itself is the accent.
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          // Text and tints flip in the dark theme, so they stay readable on either background.
          fg: { value: { base: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { base: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { base: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { base: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
