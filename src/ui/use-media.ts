import { useEffect, useState } from 'react';

/** Whether a media query matches now, following changes (a resized window, a rotated tablet). */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof window !== 'undefined' && window.matchMedia(query).matches,
  );
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Spec §9: mobile view under 768 px, the menu collapses under 1024 px. */
export const MOBILE_QUERY = '(max-width: 767.98px)';
export const COLLAPSE_QUERY = '(max-width: 1023.98px)';

/** The person's system asks for less motion: pages switch and charts draw without animating. */
export const LESS_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
