import { Stack, Text } from '@chakra-ui/react';
import { type FigureRequest, type FigureResult, useFigure } from '../../src/data/figure';
import { usePeriod } from '../../src/data/page-period';
import { type PeriodName, type PeriodWindows, periodWindows } from '../../src/data/periods';
import type { WidgetData, WidgetProps } from '../../src/engine/widget-types';
import { autoPrecision, compareWith } from '../shared/change';
import { DataState, fromQuery } from '../shared/data-state';
import { directionOf, FigureCard, type FigureChange, percentChange } from '../shared/figure-card';
import { formatValue } from '../shared/format';
import { missingText, unmatchedTagsText } from '../shared/missing-text';
import { NextSteps } from '../shared/next-steps';

type KpiData = WidgetData<'kpi'>;

/**
 * One figure over a period from live data, with its change against the same
 * stretch of the period before. The period is the widget's own, else the page's.
 */
export default function KpiWidget({ data }: WidgetProps<'kpi'>) {
  const period = usePeriod(data.period, 'month');
  const state = fromQuery(useFigure(figureRequest(data, period)));
  if (state.status === 'loaded') return <KpiFigure data={data} period={period} result={state.data} />;
  return (
    <Stack gap="2">
      <Text textStyle="sm" fontWeight="medium" color="fg.muted">
        {data.label}
      </Text>
      <DataState state={state} what={data.label}>
        {() => null}
      </DataState>
    </Stack>
  );
}

/** Only what the data depends on, so KPIs differing in label or colours share one request. */
function figureRequest(data: KpiData, period: PeriodName): FigureRequest {
  const chosen = { period, figure: data.figure ?? 'total', resolution: data.resolution ?? 'hour' } as const;
  // A named point is that point: the intent, unit and tags describe choosing by intent.
  return data.dataPoint
    ? { dataPoints: [data.dataPoint], ...chosen }
    : { intent: data.intent, unit: data.unit, tags: data.tags, ...chosen };
}

function KpiFigure({ data, period, result }: { data: KpiData; period: PeriodName; result: FigureResult }) {
  const windows = periodWindows(period);
  if (result.kind === 'no-points') {
    const what = [result.intent, 'data points'].filter(Boolean).join(' ');
    const note = missingText(result.missing) || `No ${what}${result.unit ? ` in ${result.unit}` : ''} yet.`;
    return (
      <FigureCard
        label={data.label}
        value={null}
        precision={0}
        notes={[note]}
        action={result.missing.length === 0 ? <NextSteps /> : undefined}
        changeTestId="kpi-change"
      />
    );
  }
  const { value, previous, unit } = result;
  const precision = data.precision ?? autoPrecision(value);
  const mode = data.change ?? ((data.figure ?? 'total') === 'total' ? 'percent' : 'difference');
  const change = value === null ? undefined : changeOf(mode, value, previous, unit, precision);
  return (
    <FigureCard
      label={data.label}
      value={value}
      unit={unit}
      precision={precision}
      notes={notesOf(result, windows, precision, data.intent)}
      change={change ? { ...change, versus: windows.versus, goodWhen: data.goodWhen ?? 'down' } : undefined}
      changeTestId="kpi-change"
    />
  );
}

/** What the figure is compared with, or why it is not, and how much of each period has data. */
function notesOf(
  result: Extract<FigureResult, { kind: 'figure' }>,
  windows: PeriodWindows,
  precision: number,
  intent: string | undefined,
): string[] {
  const { value, previous, unit, coverage, previousCoverage } = result;
  const notes: string[] = [];
  if (result.noTotal) notes.push('No total for instantaneous values; show their mean instead.');
  else if (value === null) notes.push(`No readings ${windows.label}.`);
  else if (previous === null) notes.push(`No data for ${windows.previousLabel} to compare with.`);
  else notes.push(`${capitalise(windows.previousLabel)}: ${formatValue(previous, unit, precision)}`);
  if (result.unmatchedTags) notes.push(unmatchedTagsText(intent, result.unmatchedTags));
  if (value !== null && coverage !== undefined && coverage < 90) {
    notes.push(`Data covers ${formatValue(coverage, '%', 0)} of the period.`);
  }
  if (previous !== null && previousCoverage !== undefined && previousCoverage < 90) {
    notes.push(`Data covers ${formatValue(previousCoverage, '%', 0)} of ${windows.previousLabel}.`);
  }
  return notes;
}

/**
 * The change as a percentage (only against a previous figure that is there
 * and not zero) or as the difference in the unit; none without a previous figure.
 */
function changeOf(
  mode: 'percent' | 'difference',
  value: number,
  previous: number | null,
  unit: string,
  precision: number,
): Pick<FigureChange, 'direction' | 'text'> | undefined {
  if (mode === 'difference') {
    if (previous === null) return undefined;
    const difference = value - previous;
    const direction = directionOf(difference, precision);
    const amount =
      unit === '%'
        ? `${formatValue(Math.abs(difference), undefined, precision)} percentage points`
        : formatValue(Math.abs(difference), unit, precision);
    return { direction, text: direction === 'flat' ? 'no change' : `${direction} ${amount}` };
  }
  const comparison = compareWith(value, previous);
  return comparison.kind === 'change' ? percentChange(comparison.percent) : undefined;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
