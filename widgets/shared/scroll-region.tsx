import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * A wide table or grid that scrolls sideways inside its card. It can take
 * the keyboard's focus and is named, so someone who does not use a mouse can
 * scroll it too (axe: scrollable-region-focusable). It is positioned, so
 * what is placed absolutely inside (visually hidden labels) scrolls with it
 * instead of widening the page: on a phone the heatmap's hidden hour labels
 * made the dashboard 75 px wider than the screen.
 */
export function ScrollRegion({ label, ...boxProps }: BoxProps & { label: string }) {
  return (
    <Box overflowX="auto" position="relative" tabIndex={0} role="region" aria-label={label} {...boxProps} />
  );
}
