import { HStack, Progress } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../src/engine/widget-types';
import { formatValue } from '../shared/format';

const PALETTES = { neutral: 'blue', good: 'green', warning: 'orange', critical: 'red' } as const;

/** A value against its target, e.g. budget used or data coverage. Values past the target fill the bar. */
export default function ProgressWidget({ data }: WidgetProps<'progress'>) {
  const { label, value, max = 100, unit, tone = 'neutral' } = data;
  const { t } = useTranslation('progress');
  const shown = Math.min(value, max);
  const percent = (value / max) * 100;
  return (
    <Progress.Root value={shown} max={max} colorPalette={PALETTES[tone]} size="md">
      <HStack justify="space-between" mb="2">
        <Progress.Label>{label}</Progress.Label>
        <Progress.ValueText>
          {max !== 100 || unit !== '%'
            ? t('ofMax', {
                value: formatValue(value, unit),
                max: formatValue(max, unit, 0),
                percent: formatValue(percent, '%', 0),
              })
            : formatValue(value, unit)}
        </Progress.ValueText>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
