import { Bar } from '@nivo/bar';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../src/engine/widget-types';
import { ChartBox } from '../shared/chart-box';
import { CHART_COLORS, chartTheme, DEFAULT_CHART_HEIGHT } from '../shared/chart-theme';
import { formatValue } from '../shared/format';
import { nameList } from '../shared/missing-text';
import { toBarRows } from './bars';

/** Bars per category, stacked or side by side, one colour per key. */
export default function BarChartWidget({ data }: WidgetProps<'bar-chart'>) {
  const {
    keys,
    bars,
    unit,
    groupMode = 'stacked',
    layout = 'vertical',
    height = DEFAULT_CHART_HEIGHT,
  } = data;
  const { t } = useTranslation('bar-chart');
  const { t: shared } = useTranslation('shared');
  const horizontal = layout === 'horizontal';
  const names = nameList(shared, keys);
  return (
    <ChartBox
      h={`${height}px`}
      role="img"
      aria-label={unit ? t('chartInUnit', { names, unit }) : t('chart', { names })}
    >
      {(size) => (
        <Bar
          {...size}
          data={toBarRows(bars)}
          keys={keys}
          indexBy="label"
          groupMode={groupMode}
          layout={layout}
          margin={{ top: 12, right: 16, bottom: 40, left: horizontal ? 96 : 56 }}
          padding={0.25}
          colors={CHART_COLORS}
          theme={chartTheme}
          role="presentation"
          valueFormat={(value) => formatValue(value, unit, 1)}
          enableLabel={false}
          axisLeft={horizontal ? {} : { legend: unit, legendOffset: -48, legendPosition: 'middle' }}
          axisBottom={horizontal ? { legend: unit, legendOffset: 32, legendPosition: 'middle' } : {}}
        />
      )}
    </ChartBox>
  );
}
