import type { WidgetData } from '../../src/engine/widget-types';

export type BarRow = { label: string } & Record<string, string | number>;

/** The schema's {label, values} pairs → nivo's flat rows; a missing value stays missing, not zero. */
export function toBarRows(bars: WidgetData<'bar-chart'>['bars']): BarRow[] {
  return bars.map(({ label, values }) => {
    const row: BarRow = { label };
    for (const [key, value] of Object.entries(values)) {
      if (value !== null && value !== undefined) row[key] = value;
    }
    return row;
  });
}
