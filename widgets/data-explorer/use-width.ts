import { type RefObject, useLayoutEffect, useState } from 'react';

/** Used until the element is measured, and where nothing can be measured (tests). */
export const FALLBACK_WIDTH = 960;

/** The element's width in pixels, followed as it resizes; null before the first measure. */
export function useWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.clientWidth) || FALLBACK_WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** What the server is told: the plot's width, in steps of 50 px, so a small resize does not fetch again. */
export function requestWidth(plotWidth: number): number {
  return Math.min(4000, Math.max(50, Math.floor(plotWidth / 50) * 50));
}
