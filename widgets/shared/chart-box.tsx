import { Box, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type ElementSize, useElementSize } from '../../src/ui/use-element-size';
import { LESS_MOTION_QUERY, useMedia } from '../../src/ui/use-media';

/** How a chart is to be drawn: its box's size, and whether it may animate. */
export interface ChartDrawing extends ElementSize {
  /** nivo's own: bars grow and lines move into place, unless the person's system asks for less motion. */
  animate: boolean;
}

interface ChartBoxProps extends Omit<BoxProps, 'children'> {
  /** The chart, drawn at the box's size once it is known. */
  children(drawing: ChartDrawing): ReactNode;
}

/**
 * A box that draws a nivo chart at its own size, as layout gives it. nivo's Responsive charts measure with
 * getBoundingClientRect, which a CSS scale shrinks: in the layout editor's canvas, drawn smaller to fit beside
 * its panel, they came out at the scale twice. Every chart spreads what it is given, so each also stops
 * animating for a person who asks for less motion (prefers-reduced-motion).
 */
export function ChartBox({ children, ...box }: ChartBoxProps) {
  const { ref, width, height } = useElementSize<HTMLDivElement>();
  const lessMotion = useMedia(LESS_MOTION_QUERY);
  return (
    <Box ref={ref} {...box}>
      {width > 0 && height > 0 ? children({ width, height, animate: !lessMotion }) : null}
    </Box>
  );
}
