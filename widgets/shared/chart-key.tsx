import { Box, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One entry of a chart's legend: a line, a band or a dot in the series' colour, and its name. */
export interface ChartKeyEntry {
  name: string;
  colour: string;
  shape: 'line' | 'band' | 'dot';
}

const SWATCHES: Record<ChartKeyEntry['shape'], (colour: string) => ReactNode> = {
  line: (colour) => <Box w="4" h="0.5" bg={colour} />,
  band: (colour) => <Box w="4" h="3" bg={colour} opacity={0.25} />,
  dot: (colour) => <Box w="2.5" h="2.5" borderRadius="full" bg={colour} />,
};

/**
 * A chart's legend as page text, above the chart: it wraps on a phone where
 * nivo's own runs over the plot, and follows the theme's colours. Hidden from
 * screen readers, which read the chart's own label.
 */
export function ChartKey({ entries }: { entries: readonly ChartKeyEntry[] }) {
  return (
    <HStack
      as="ul"
      gap="4"
      wrap="wrap"
      listStyleType="none"
      textStyle="xs"
      color="fg.muted"
      aria-hidden="true"
    >
      {entries.map((entry) => (
        <HStack as="li" gap="1.5" key={entry.name}>
          {SWATCHES[entry.shape](entry.colour)}
          {entry.name}
        </HStack>
      ))}
    </HStack>
  );
}
