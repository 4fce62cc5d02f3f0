/** The interface settings of spec §3, with its defaults. */
export interface Settings {
  logo: string;
  preselectedVariant: string;
  primaryColor: string;
  theme: 'default' | 'dark';
  locale: 'en-US' | 'fr-FR' | 'ru-RU' | 'zh-CN';
  isMenuCollapsed: boolean;
  menuColor: 'gray' | 'dark' | 'white';
  isGrayBackground: boolean;
  isGrayTopbar: boolean;
  isTopbarFixed: boolean;
  layoutBreadcrumbs: 'v1' | 'v2' | 'noBreadcrumbs';
  layoutFooter: 'v1' | 'v2' | 'v3' | 'v4' | 'noFooter';
  isContentMaxWidth: boolean;
  isAppMaxWidth: boolean;
  layoutMenu: 'classic' | 'flyout' | 'simply' | 'noMenu';
  flyoutMenuType: 'flyout' | 'compact';
  flyoutMenuColor: 'gray' | 'dark' | 'white';
  layoutTopbar: 'v1' | 'noTopbar';
  menuLayoutType: 'left' | 'top' | 'nomenu';
  leftMenuWidth: number;
  isTopbarSeparated: boolean;
  isMenuShadow: boolean;
  version: 'fluent' | 'clean' | 'air';
  routerAnimation: 'none' | 'slide-fadein-up' | 'slide-fadein-right' | 'fadein' | 'zoom-fadein';
  isMobileView: boolean;
  isMobileMenuOpen: boolean;
  isSidebarOpen: boolean;
  isPreselectedOpen: boolean;
  showThemeOptions: boolean;
  tutorialTouched: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  logo: 'Insights',
  preselectedVariant: 'default',
  primaryColor: '#4b7cf3',
  theme: 'default',
  locale: 'en-US',
  isMenuCollapsed: false,
  menuColor: 'gray',
  isGrayBackground: false,
  isGrayTopbar: false,
  isTopbarFixed: false,
  layoutBreadcrumbs: 'v1',
  layoutFooter: 'v1',
  isContentMaxWidth: false,
  isAppMaxWidth: false,
  layoutMenu: 'classic',
  flyoutMenuType: 'flyout',
  flyoutMenuColor: 'gray',
  layoutTopbar: 'v1',
  menuLayoutType: 'left',
  leftMenuWidth: 256,
  isTopbarSeparated: false,
  isMenuShadow: false,
  version: 'fluent',
  routerAnimation: 'slide-fadein-up',
  isMobileView: false,
  isMobileMenuOpen: false,
  isSidebarOpen: false,
  isPreselectedOpen: false,
  showThemeOptions: false,
  tutorialTouched: false,
};

/** Menu width limits of spec §9. */
export const MENU_WIDTH = { min: 256, max: 330, collapsed: 80 } as const;

/** Storage keys are prefixed app.settings (spec §9). */
export const storageKey = (field: keyof Settings) => `app.settings.${field}`;

/**
 * Settings as stored, with the URL's true/false values on top (spec §4):
 * ?isMenuCollapsed=true overrides what was saved. Values of the wrong type are ignored.
 */
export function readSettings(storage: Pick<Storage, 'getItem'>, search: string): Settings {
  const settings = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const field of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const stored = parse(storage.getItem(storageKey(field)));
    if (stored !== undefined && typeof stored === typeof DEFAULT_SETTINGS[field]) settings[field] = stored;
  }
  Object.assign(settings, urlOverrides(search));
  settings.leftMenuWidth = clampWidth(settings.leftMenuWidth as number);
  return settings as unknown as Settings;
}

/** The boolean settings the URL sets to true or false (spec §4). */
export function urlOverrides(search: string): Partial<Settings> {
  const query = new URLSearchParams(search);
  const overrides: Record<string, boolean> = {};
  for (const field of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const fromUrl = query.get(field);
    if (typeof DEFAULT_SETTINGS[field] === 'boolean' && (fromUrl === 'true' || fromUrl === 'false')) {
      overrides[field] = fromUrl === 'true';
    }
  }
  return overrides as Partial<Settings>;
}

/**
 * Settings loaded later (the server's copy) less the fields the URL the app
 * started with overrides: the URL's word stays in force.
 */
export function underUrlOverrides(loaded: Partial<Settings>, search: string): Partial<Settings> {
  const overridden = urlOverrides(search);
  return Object.fromEntries(Object.entries(loaded).filter(([field]) => !(field in overridden)));
}

export function clampWidth(width: number): number {
  return Math.min(MENU_WIDTH.max, Math.max(MENU_WIDTH.min, Math.round(width)));
}

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
