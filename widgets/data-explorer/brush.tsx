import { Box } from '@chakra-ui/react';
import { type PointerEvent, type ReactNode, useState } from 'react';

/** Below this many pixels a drag is a click, not a selection. */
const MIN_DRAG = 5;

export interface PlotMargin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Where an instant falls across a plot of the period `domain`, in pixels from
 * the chart's left edge, held within the plot: the overlays over a line chart
 * (alert bands, unexpected readings) share the lines' time axis.
 */
export function plotX(domain: { from: number; to: number }, width: number, margin: PlotMargin) {
  const plotWidth = Math.max(1, width - margin.left - margin.right);
  const span = Math.max(1, domain.to - domain.from);
  return (at: number) => margin.left + (Math.min(Math.max(at - domain.from, 0), span) / span) * plotWidth;
}

/**
 * Drag across a chart to pick a stretch of its time axis: `onBrush` gets the
 * start and end as fractions (0 to 1) of the plot's width. Tooltips keep working:
 * the chart gets the pointer until a drag starts.
 */
export function Brush({
  width,
  height,
  margin,
  onBrush,
  children,
}: {
  width: number;
  height: number;
  margin: PlotMargin;
  onBrush: (start: number, end: number) => void;
  children: ReactNode;
}) {
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);
  const plotWidth = Math.max(1, width - margin.left - margin.right);
  const clampX = (x: number) => Math.min(width - margin.right, Math.max(margin.left, x));
  const xOf = (event: PointerEvent<HTMLDivElement>) =>
    event.clientX - event.currentTarget.getBoundingClientRect().left;

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const x = xOf(event);
    if (x < margin.left || x > width - margin.right) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ start: x, end: x });
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ start: drag.start, end: clampX(xOf(event)) });
  };
  const up = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const end = clampX(xOf(event));
    setDrag(null);
    if (Math.abs(end - drag.start) < MIN_DRAG) return;
    onBrush((drag.start - margin.left) / plotWidth, (end - margin.left) / plotWidth);
  };

  return (
    <Box
      position="relative"
      userSelect="none"
      cursor="crosshair"
      h={`${height}px`}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => setDrag(null)}
      data-testid="explorer-brush"
    >
      {children}
      {drag ? (
        <Box
          position="absolute"
          pointerEvents="none"
          top={`${margin.top}px`}
          bottom={`${margin.bottom}px`}
          left={`${Math.min(drag.start, drag.end)}px`}
          w={`${Math.abs(drag.end - drag.start)}px`}
          bg="blue.500/15"
          borderInlineWidth="1px"
          borderColor="blue.500"
        />
      ) : null}
    </Box>
  );
}
