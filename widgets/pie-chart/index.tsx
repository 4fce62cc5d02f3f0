import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Pie } from '@nivo/pie';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../src/engine/widget-types';
import { ChartBox } from '../shared/chart-box';
import { CHART_COLORS, chartColour, chartTheme, DEFAULT_CHART_HEIGHT } from '../shared/chart-theme';
import { formatValue } from '../shared/format';
import { nameList } from '../shared/missing-text';

/**
 * Shares of a whole, as a pie or a donut, with a legend under it: labels
 * drawn beside the arcs needed about 200 px of margin and left nothing to
 * read in a narrow card or on a phone, so the pie keeps only its share labels.
 */
export default function PieChartWidget({ data }: WidgetProps<'pie-chart'>) {
  const { slices, unit, donut = false, height = DEFAULT_CHART_HEIGHT } = data;
  const { t } = useTranslation('pie-chart');
  const { t: shared } = useTranslation('shared');
  const pieData = slices.map(({ id, label, value }) => ({ id, label: label ?? id, value }));
  const total = pieData.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <Stack gap="3">
      <ChartBox
        h={`${height}px`}
        role="img"
        aria-label={t('chart', {
          names: nameList(
            shared,
            pieData.map((slice) => slice.label),
          ),
        })}
      >
        {(size) => (
          <Pie
            {...size}
            data={pieData}
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
            innerRadius={donut ? 0.6 : 0}
            padAngle={0.6}
            cornerRadius={2}
            colors={CHART_COLORS}
            theme={chartTheme}
            role="presentation"
            valueFormat={(value) => formatValue(value, unit, 0)}
            enableArcLinkLabels={false}
            arcLabelsSkipAngle={18}
            arcLabel={(slice) => (total > 0 ? `${Math.round((slice.value / total) * 100)}%` : '')}
          />
        )}
      </ChartBox>
      <Stack as="ul" gap="1" fontSize="sm" data-testid="pie-legend">
        {pieData.map((slice, index) => (
          <HStack as="li" key={slice.id} gap="2" listStyleType="none">
            <Box w="3" h="3" borderRadius="xs" flexShrink={0} style={{ background: chartColour(index) }} />
            <Text flex="1" minW="0" truncate title={slice.label}>
              {slice.label}
            </Text>
            <Text color="fg.muted" flexShrink={0}>
              {formatValue(slice.value, unit, 0)}
              {total > 0 ? ` · ${Math.round((slice.value / total) * 100)}%` : ''}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
