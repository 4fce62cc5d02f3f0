/**
 * Resolves once every widget slot on the page has drawn its content (text,
 * or an svg/canvas for charts) and the browser has painted that frame.
 */
export function whenWidgetsPainted(expected: number): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      const slots = document.querySelectorAll('[data-widget]');
      const drawn = [...slots].filter(
        (slot) =>
          !slot.querySelector('[data-testid="widget-loading"]') &&
          (slot.querySelector('svg, canvas') || (slot.textContent ?? '').trim() !== ''),
      );
      if (slots.length === expected && drawn.length === expected) {
        // The frame after the one in which the DOM became complete is the one that shows it.
        requestAnimationFrame(() => resolve(performance.now()));
      } else {
        requestAnimationFrame(check);
      }
    };
    check();
  });
}

export interface BenchReport {
  validationMs?: number;
  validationWarmMs?: number;
  renderMs: number;
  navigationToPaintMs: number;
}

declare global {
  interface Window {
    __benchReport?: BenchReport;
  }
}
