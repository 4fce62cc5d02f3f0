import type { Settings } from './settings';

/** The nine preset layouts (spec §2, §3): each a set of settings applied together. */
export const PRESETS: Record<string, Partial<Settings>> = {
  default: {
    menuColor: 'gray',
    isGrayBackground: false,
    isGrayTopbar: false,
    layoutMenu: 'classic',
    isMenuShadow: false,
    primaryColor: '#4b7cf3',
  },
  waterfall: {
    menuColor: 'dark',
    isGrayBackground: true,
    isGrayTopbar: false,
    layoutMenu: 'classic',
    isMenuShadow: true,
    primaryColor: '#1e88e5',
  },
  ocean: {
    menuColor: 'dark',
    isGrayBackground: false,
    isGrayTopbar: true,
    layoutMenu: 'classic',
    isMenuShadow: false,
    primaryColor: '#0097a7',
  },
  sunrise: {
    menuColor: 'white',
    isGrayBackground: true,
    isGrayTopbar: false,
    layoutMenu: 'classic',
    isMenuShadow: true,
    primaryColor: '#f4511e',
  },
  spring: {
    menuColor: 'white',
    isGrayBackground: false,
    isGrayTopbar: false,
    layoutMenu: 'simply',
    isMenuShadow: false,
    primaryColor: '#43a047',
  },
  forest: {
    menuColor: 'dark',
    isGrayBackground: true,
    isGrayTopbar: true,
    layoutMenu: 'classic',
    isMenuShadow: false,
    primaryColor: '#2e7d32',
  },
  river: {
    menuColor: 'gray',
    isGrayBackground: true,
    isGrayTopbar: false,
    layoutMenu: 'flyout',
    isMenuShadow: true,
    primaryColor: '#3949ab',
  },
  flower: {
    menuColor: 'white',
    isGrayBackground: false,
    isGrayTopbar: true,
    layoutMenu: 'classic',
    isMenuShadow: true,
    primaryColor: '#d81b60',
  },
  waves: {
    menuColor: 'gray',
    isGrayBackground: false,
    isGrayTopbar: false,
    layoutMenu: 'simply',
    isMenuShadow: false,
    primaryColor: '#5e35b1',
  },
};

export const PRESET_NAMES = Object.keys(PRESETS);
