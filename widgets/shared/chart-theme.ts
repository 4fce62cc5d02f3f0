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

/**
 * The page's own type, whose stack puts a language's font first (i18n/locale-fonts.ts): nivo's default,
 * sans-serif, drew the 月 and 日 of Chinese axis dates as boxes on machines without a Chinese font.
 */
const PAGE_FONT = 'var(--chakra-fonts-body)';

export const chartTheme = {
  text: { fontSize: 12, fill: '#4a5568', fontFamily: PAGE_FONT },
  axis: { ticks: { text: { fontSize: 11, fill: '#718096', fontFamily: PAGE_FONT } } },
  grid: { line: { stroke: '#e2e8f0', strokeWidth: 1 } },
  tooltip: { container: { fontSize: 12 } },
};

export const DEFAULT_CHART_HEIGHT = 280;
