import { HStack, Progress } from '@chakra-ui/react';
import type { WidgetProps } from '../../src/engine/widget-types';
import { formatValue } from '../shared/format';

const PALETTES = { neutral: 'blue', good: 'green', warning: 'orange', critical: 'red' } as const;

/** A value against its target, e.g. budget used or data coverage. Values past the target fill the bar. */
export default function ProgressWidget({ data }: WidgetProps<'progress'>) {
  const { label, value, max = 100, unit, tone = 'neutral' } = data;
  const shown = Math.min(value, max);
  const percent = (value / max) * 100;
  return (
    <Progress.Root value={shown} max={max} colorPalette={PALETTES[tone]} size="md">
      <HStack justify="space-between" mb="2">
        <Progress.Label>{label}</Progress.Label>
        <Progress.ValueText>
          {formatValue(value, unit)}
          {max !== 100 || unit !== '%'
            ? ` of ${formatValue(max, unit, 0)} (${formatValue(percent, '%', 0)})`
            : ''}
        </Progress.ValueText>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
