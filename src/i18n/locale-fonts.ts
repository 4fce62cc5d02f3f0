import type { Locale } from './i18n';

/**
 * The fonts a language needs beyond what every machine has. Chinese glyphs
 * are missing on many Linux machines (boxes where the words should be), so
 * zh-CN brings Noto Sans SC. Its stylesheet names the font in about a
 * hundred pieces by Unicode range: the browser fetches only the pieces of the
 * glyphs a page shows, and other languages fetch nothing.
 */
const LOCALE_FONTS: Partial<Record<Locale, { family: string; load: () => Promise<unknown> }>> = {
  'zh-CN': { family: '"Noto Sans SC Variable"', load: () => import('@fontsource-variable/noto-sans-sc') },
};

/** The theme's font variables (Chakra's fonts.body and fonts.heading). */
const FONT_VARIABLES = ['--chakra-fonts-body', '--chakra-fonts-heading'];

/**
 * Puts the language's font first in the theme's font stacks, and loads it.
 * First, not last: behind Arial or sans-serif, Chromium on Linux draws the
 * glyphs those lack as boxes instead of going on to the next family. Set on
 * the page's root element, above the theme's own layers; taken off again for
 * a language without a font of its own.
 */
export function applyLocaleFonts(locale: Locale): void {
  const root = document.documentElement;
  for (const variable of FONT_VARIABLES) root.style.removeProperty(variable);
  const font = LOCALE_FONTS[locale];
  if (!font) return;
  const computed = getComputedStyle(root);
  for (const variable of FONT_VARIABLES) {
    root.style.setProperty(variable, `${font.family}, ${computed.getPropertyValue(variable).trim()}`);
  }
  font.load().catch((error: unknown) => {
    console.warn(`The fonts for ${locale} could not be loaded`, error);
  });
}
