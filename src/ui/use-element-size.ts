import { useLayoutEffect, useRef, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * An element's content size in layout pixels, kept current as it resizes; 0
 * until it is measured. Layout pixels, not getBoundingClientRect's: a CSS
 * scale above the element (the layout editor's canvas, drawn smaller to fit
 * beside its panel) does not shrink them.
 */
export function useElementSize<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const keep = (width: number, height: number) =>
      setSize((known) => (known.width === width && known.height === height ? known : { width, height }));
    const style = getComputedStyle(element);
    keep(
      Math.round(element.clientWidth - pixels(style.paddingLeft) - pixels(style.paddingRight)),
      Math.round(element.clientHeight - pixels(style.paddingTop) - pixels(style.paddingBottom)),
    );
    const observer = new ResizeObserver(([entry]) => {
      if (entry) keep(Math.round(entry.contentRect.width), Math.round(entry.contentRect.height));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}

/** A computed length in pixels; an engine that computes no padding gives '', which is none. */
function pixels(length: string): number {
  return Number.parseFloat(length) || 0;
}
