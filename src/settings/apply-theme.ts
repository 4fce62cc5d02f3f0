import { readableWithWhite } from '../theme/contrast';
import type { Settings } from './settings';

/**
 * Puts the theme settings into effect on the document: dark or light colours
 * (Chakra follows the "dark" class), the primary colour, the font version.
 */
export function applyTheme(
  settings: Pick<Settings, 'theme' | 'primaryColor' | 'version'>,
  root = document.documentElement,
): void {
  const dark = settings.theme === 'dark';
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.style.setProperty('--chakra-colors-brand-solid', readableWithWhite(settings.primaryColor));
  root.style.setProperty('--chakra-colors-brand-focus-ring', settings.primaryColor);
  root.dataset.fontVersion = settings.version;
}
