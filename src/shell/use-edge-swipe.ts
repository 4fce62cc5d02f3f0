import { useEffect } from 'react';

/** Spec §9: a swipe opens the menu when it starts within 70 px of the left edge and moves over 50 px. */
export const EDGE_PX = 70;
export const SWIPE_PX = 50;

/** Calls onSwipe when a touch starts at the left edge and moves far enough to the right. */
export function useEdgeSwipe(enabled: boolean, onSwipe: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let startX: number | undefined;
    const start = (event: TouchEvent) => {
      const x = event.touches[0]?.clientX;
      startX = x !== undefined && x <= EDGE_PX ? x : undefined;
    };
    const move = (event: TouchEvent) => {
      const x = event.touches[0]?.clientX;
      if (startX === undefined || x === undefined) return;
      if (x - startX > SWIPE_PX) {
        startX = undefined;
        onSwipe();
      }
    };
    const end = () => {
      startX = undefined;
    };
    window.addEventListener('touchstart', start, { passive: true });
    window.addEventListener('touchmove', move, { passive: true });
    window.addEventListener('touchend', end, { passive: true });
    return () => {
      window.removeEventListener('touchstart', start);
      window.removeEventListener('touchmove', move);
      window.removeEventListener('touchend', end);
    };
  }, [enabled, onSwipe]);
}
