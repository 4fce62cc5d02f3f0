/** Colours and text style shared by the nivo charts, so every chart on a page reads the same. */
export const CHART_COLORS = [
  '#4b7cf3',
  '#f59f00',
  '#12b886',
  '#e8590c',
  '#7048e8',
  '#1098ad',
  '#d6336c',
  '#868e96',
];

/** The colour of the index-th series, slice or bar: the colours in turn, as nivo gives them. */
export function chartColour(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length] as string;
}

export const chartTheme = {
  text: { fontSize: 12, fill: '#4a5568' },
  axis: { ticks: { text: { fontSize: 11, fill: '#718096' } } },
  grid: { line: { stroke: '#e2e8f0', strokeWidth: 1 } },
  tooltip: { container: { fontSize: 12 } },
};

export const DEFAULT_CHART_HEIGHT = 280;
