import { useElementSize } from '../../ui/use-element-size';

/** Below this the canvas's words are too small to read: it is scrolled sideways instead. */
export const MIN_FIT_SCALE = 0.5;

/**
 * How far a canvas drawn `naturalWidth` wide must be shrunk to fit the frame it sits in (1 where it fits, never
 * under MIN_FIT_SCALE), and how tall it then shows: a CSS scale draws the canvas smaller but leaves its box as
 * large, so the frame takes the shown height itself. The frame's width and the canvas's height are watched.
 */
export function useFitScale<Frame extends HTMLElement, Canvas extends HTMLElement>(naturalWidth: number) {
  const frame = useElementSize<Frame>();
  const canvas = useElementSize<Canvas>();
  const scale = fitScale(frame.width, naturalWidth);
  return {
    frameRef: frame.ref,
    canvasRef: canvas.ref,
    scale,
    shownHeight: scale < 1 ? Math.ceil(canvas.height * scale) : undefined,
  };
}

/** The scale that fits `naturalWidth` into `available`: 1 before the frame is measured or where it fits. */
export function fitScale(available: number, naturalWidth: number): number {
  if (available <= 0 || available >= naturalWidth) return 1;
  return Math.max(MIN_FIT_SCALE, Math.floor((available / naturalWidth) * 100) / 100);
}
