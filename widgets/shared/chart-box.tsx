import { Box, type BoxProps } from '@chakra-ui/react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export interface ChartSize {
  width: number;
  height: number;
}

interface ChartBoxProps extends Omit<BoxProps, 'children'> {
  /** The chart, drawn at the box's size once it is known. */
  children(size: ChartSize): ReactNode;
}

/**
 * A box that draws a nivo chart at its own size, as layout gives it. nivo's Responsive charts measure with
 * getBoundingClientRect, which a CSS scale shrinks: in the layout editor's canvas, drawn smaller to fit beside
 * its panel, they came out at the scale twice. A ResizeObserver's box sizes are the layout's, whatever the
 * transform above.
 */
export function ChartBox({ children, ...box }: ChartBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<ChartSize>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const keep = (width: number, height: number) =>
      setSize((known) => (known.width === width && known.height === height ? known : { width, height }));
    keep(element.clientWidth, element.clientHeight);
    const observer = new ResizeObserver(([entry]) => {
      const content = entry?.contentBoxSize[0];
      if (content) keep(Math.round(content.inlineSize), Math.round(content.blockSize));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} {...box}>
      {size.width > 0 && size.height > 0 ? children(size) : null}
    </Box>
  );
}
