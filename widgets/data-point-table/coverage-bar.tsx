import { HStack, Progress, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../shared/format';

/** Green from 95 %, orange from 80 %, red below: the share of expected readings that arrived. */
export function coverageColour(percent: number): 'green' | 'orange' | 'red' {
  if (percent >= 95) return 'green';
  if (percent >= 80) return 'orange';
  return 'red';
}

/** Coverage over the last 30 complete days, as a number and a coloured bar; a point without readings says so instead of showing 0 %. */
export function CoverageBar({ percent, readings }: { percent: number; readings: number }) {
  const { t } = useTranslation('data-point-table');
  if (readings === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('coverage.noData')}
      </Text>
    );
  }
  const shown = formatValue(percent, '%');
  return (
    <HStack gap="2" minW="28">
      <Progress.Root
        value={percent}
        max={100}
        size="sm"
        flex="1"
        colorPalette={coverageColour(percent)}
        aria-label={t('coverage.label', { percent: shown })}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" minW="12" textAlign="end">
        {shown}
      </Text>
    </HStack>
  );
}
