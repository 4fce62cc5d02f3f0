import { useLayoutEffect, useRef, useState } from 'react';

/** Below this the canvas's words are too small to read: it is scrolled sideways instead. */
export const MIN_FIT_SCALE = 0.5;

/**
 * How far a canvas drawn `naturalWidth` wide must be shrunk to fit the frame it sits in (1 where it fits, never
 * under MIN_FIT_SCALE), and how tall it then shows: a CSS scale draws the canvas smaller but leaves its box as
 * large, so the frame takes the shown height itself. The frame's width and the canvas's height are watched.
 */
export function useFitScale<Frame extends HTMLElement, Canvas extends HTMLElement>(naturalWidth: number) {
  const frameRef = useRef<Frame>(null);
  const canvasRef = useRef<Canvas>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const [canvasHeight, setCanvasHeight] = useState(0);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const canvas = canvasRef.current;
    if (!frame || !canvas) return;
    setFrameWidth(frame.clientWidth);
    setCanvasHeight(canvas.offsetHeight);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        // The border box: the canvas's own size, whatever its transform, and the frame's inner width.
        if (entry.target === frame) setFrameWidth(Math.round(entry.contentRect.width));
        else setCanvasHeight(Math.round(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height));
      }
    });
    observer.observe(frame);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);
  const scale = fitScale(frameWidth, naturalWidth);
  return { frameRef, canvasRef, scale, shownHeight: scale < 1 ? Math.ceil(canvasHeight * scale) : undefined };
}

/** The scale that fits `naturalWidth` into `available`: 1 before the frame is measured or where it fits. */
export function fitScale(available: number, naturalWidth: number): number {
  if (available <= 0 || available >= naturalWidth) return 1;
  return Math.max(MIN_FIT_SCALE, Math.floor((available / naturalWidth) * 100) / 100);
}
