import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../src/engine/widget-types';
import { FigureCard, percentChange } from '../shared/figure-card';

/** A key figure with its unit and its change against a previous period. */
export default function StatWidget({ data }: WidgetProps<'stat'>) {
  const { t: shared } = useTranslation('shared');
  const { label, value, unit, precision, change, helpText } = data;
  return (
    <FigureCard
      label={label}
      value={value}
      unit={unit}
      precision={precision}
      change={
        change
          ? {
              ...percentChange(shared, change.percent),
              versus: change.period,
              goodWhen: change.goodWhen ?? 'up',
            }
          : undefined
      }
      notes={helpText ? [helpText] : []}
      changeTestId="stat-change"
    />
  );
}
