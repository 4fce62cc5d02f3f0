import { useSyncExternalStore } from 'react';

/**
 * Whether the app shows its dark theme. The settings put the `dark` class on
 * <html> (Chakra's dark condition), and change it while the editor is open
 * when someone picks the other theme; this follows the class.
 */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}

function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
