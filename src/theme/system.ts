import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** The spec's default primary colour; settings may change it at run time. */
export const DEFAULT_PRIMARY_COLOR = '#4b7cf3';

/**
 * Chakra's theme with the recipes of the components the app uses, not all
 * seventy (about 120 KB of script the first page would load). A component
 * added to src/ or widgets/ brings its recipe here; system.test.ts fails on
 * one that does not.
 */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle' },
    // For a person whose system asks for less motion: Chakra's spinners, pulsing placeholders, dialogs and
    // progress bars end at once instead of moving. Pages and charts stop animating by their own code
    // (route-transition.tsx, widgets/shared/chart-box.tsx).
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
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
        // A heatmap's scale runs from next to nothing (close to the page) to most (far from it): pale to deep
        // blue on white, and dark to bright blue on the dark theme, where pale cells would look the fullest.
        heat: {
          low: { value: { base: '#eaf1fe', _dark: '#1a2233' } },
          high: { value: { base: '#1d3a8a', _dark: '#8fb4ff' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, theme, config);
