import barChart from '../../schemas/widgets/bar-chart.schema.json';
import buttonGroup from '../../schemas/widgets/button-group.schema.json';
import lineChart from '../../schemas/widgets/line-chart.schema.json';
import list from '../../schemas/widgets/list.schema.json';
import pieChart from '../../schemas/widgets/pie-chart.schema.json';
import progress from '../../schemas/widgets/progress.schema.json';
import stat from '../../schemas/widgets/stat.schema.json';
import state from '../../schemas/widgets/state.schema.json';
import table from '../../schemas/widgets/table.schema.json';
import text from '../../schemas/widgets/text.schema.json';
import type { Page } from '../../src/generated/page-types';

/**
 * The widgets the benchmark page repeats, with the first example of each
 * schema as data. The map is left out: its tiles need the network, which
 * would measure the network, not the engine.
 */
export const BENCH_WIDGETS = [
  ['stat', stat],
  ['progress', progress],
  ['text', text],
  ['list', list],
  ['table', table],
  ['line-chart', lineChart],
  ['bar-chart', barChart],
  ['pie-chart', pieChart],
  ['button-group', buttonGroup],
  ['state', state],
] as const;

export const WIDGETS_PER_ROW = 4;

export interface BenchWidget {
  key: string;
  name: (typeof BENCH_WIDGETS)[number][0];
  data: Record<string, unknown>;
}

/** The same 200 widgets, in order, for both pages: one per card, four cards to a row. */
export function benchWidgets(count: number): BenchWidget[] {
  return Array.from({ length: count }, (_, index) => {
    const [name, schema] = BENCH_WIDGETS[index % BENCH_WIDGETS.length] as (typeof BENCH_WIDGETS)[number];
    return { key: `w${index}`, name, data: structuredClone(schema.examples[0]) as Record<string, unknown> };
  });
}

/** The layout document the engine page validates and renders. */
export function benchDocument(count: number): Page {
  const widgets = benchWidgets(count);
  const rows = [];
  for (let start = 0; start < widgets.length; start += WIDGETS_PER_ROW) {
    const slice = widgets.slice(start, start + WIDGETS_PER_ROW);
    rows.push({
      key: `r${start / WIDGETS_PER_ROW}`,
      columns: slice.map((widget) => ({
        key: widget.key,
        span: 3,
        cards: [{ key: widget.key, title: widget.name, widgets: [widget] }],
      })),
    });
  }
  return { schemaVersion: 2, id: 'bench', title: 'Benchmark page', rows } as unknown as Page;
}
