import { Box, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type ElementSize, useElementSize } from '../../src/ui/use-element-size';

interface ChartBoxProps extends Omit<BoxProps, 'children'> {
  /** The chart, drawn at the box's size once it is known. */
  children(size: ElementSize): ReactNode;
}

/**
 * A box that draws a nivo chart at its own size, as layout gives it. nivo's Responsive charts measure with
 * getBoundingClientRect, which a CSS scale shrinks: in the layout editor's canvas, drawn smaller to fit beside
 * its panel, they came out at the scale twice.
 */
export function ChartBox({ children, ...box }: ChartBoxProps) {
  const { ref, width, height } = useElementSize<HTMLDivElement>();
  return (
    <Box ref={ref} {...box}>
      {width > 0 && height > 0 ? children({ width, height }) : null}
    </Box>
  );
}
