/** What a watch waits for: an element under `root` (or `root` itself), showing `text` if given, to be there or gone. */
export interface PaintedWatch {
  root: string;
  selector?: string;
  text?: string;
  present: boolean;
  /** An event whose time stamp starts the measurement (its first occurrence after the watch starts). */
  startEvent?: 'keydown' | 'input';
  /**
   * For a keydown start: the key it must be. Keys pressed just before the watch (moving the cursor) can still be
   * on their way to the page when it starts; their keydowns are not the keystroke measured.
   */
  startKey?: string;
}

/** Times in the page's clock (performance.now). */
export interface Painted {
  /** The start event's time stamp, or when the watch started. */
  startAt: number;
  /** When the DOM first met the condition (a mutation observer, in the task that changed it). */
  shownAt: number;
  /** When the frame that drew it had been rendered: style, layout and paint done. */
  paintedAt: number;
}

declare global {
  interface Window {
    __whenPainted?: (watch: PaintedWatch) => Promise<Painted>;
  }
}

/**
 * Puts `window.__whenPainted` in the page. Playwright sends this function
 * to the page as its source (addInitScript), so it refers to nothing outside
 * itself; the plain page's bundle calls it as it is.
 *
 * The end of a frame is found as the explorer benchmark finds it: a message
 * posted from an animation frame callback is a task that runs after that
 * frame's style, layout and paint.
 */
export function installWhenPainted(): void {
  window.__whenPainted = (watch) =>
    new Promise<Painted>((resolve, reject) => {
      const rootElement = document.querySelector(watch.root);
      if (!rootElement) {
        reject(new Error(`nothing matches ${watch.root}`));
        return;
      }
      let startAt = performance.now();
      if (watch.startEvent) {
        const onStart = (event: Event) => {
          if (watch.startKey !== undefined && (event as KeyboardEvent).key !== watch.startKey) return;
          startAt = event.timeStamp;
          window.removeEventListener(watch.startEvent as string, onStart, true);
        };
        window.addEventListener(watch.startEvent, onStart, true);
      }
      const met = (): boolean => {
        const element = watch.selector ? rootElement.querySelector(watch.selector) : rootElement;
        const shows =
          element !== null && (watch.text === undefined || (element.textContent ?? '').includes(watch.text));
        return shows === watch.present;
      };
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`timed out waiting for ${JSON.stringify(watch)}`));
      }, 10_000);
      const observer = new MutationObserver(() => {
        if (!met()) return;
        observer.disconnect();
        clearTimeout(timer);
        const shownAt = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ startAt, shownAt, paintedAt: performance.now() });
          channel.port2.postMessage(null);
        });
      });
      if (met()) {
        clearTimeout(timer);
        reject(new Error(`already met before the watch started: ${JSON.stringify(watch)}`));
        return;
      }
      observer.observe(rootElement, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
}

/**
 * tsx compiles with esbuild's keepNames, which wraps named inner functions in
 * a `__name` helper; a function sent to the page as source needs it there.
 */
export const KEEP_NAMES_SHIM = 'globalThis.__name ??= (target) => target;';
