import { Box } from '@chakra-ui/react';
import { ResponsivePie } from '@nivo/pie';
import type { WidgetProps } from '../../src/engine/widget-types';
import { CHART_COLORS, chartTheme, DEFAULT_CHART_HEIGHT } from '../shared/chart-theme';
import { formatValue } from '../shared/format';

/** Shares of a whole, as a pie or a donut. */
export default function PieChartWidget({ data }: WidgetProps<'pie-chart'>) {
  const { slices, unit, donut = false, height = DEFAULT_CHART_HEIGHT } = data;
  const pieData = slices.map(({ id, label, value }) => ({ id, label: label ?? id, value }));
  return (
    <Box
      h={`${height}px`}
      role="img"
      aria-label={`Pie chart of ${pieData.map((slice) => slice.label).join(', ')}`}
    >
      <ResponsivePie
        data={pieData}
        margin={{ top: 16, right: 96, bottom: 16, left: 96 }}
        innerRadius={donut ? 0.6 : 0}
        padAngle={0.6}
        cornerRadius={2}
        colors={CHART_COLORS}
        theme={chartTheme}
        role="presentation"
        valueFormat={(value) => formatValue(value, unit, 0)}
        arcLinkLabel="label"
        arcLinkLabelsSkipAngle={12}
        arcLabelsSkipAngle={18}
        arcLabel={(slice) => formatValue(slice.value, undefined, 0)}
      />
    </Box>
  );
}
