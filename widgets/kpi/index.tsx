import { Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type FigureRequest, type FigureResult, useFigure } from '../../src/data/figure';
import { usePeriod } from '../../src/data/page-period';
import type { PeriodChoice } from '../../src/data/periods';
import type { WidgetData, WidgetProps } from '../../src/engine/widget-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { autoPrecision, compareWith } from '../shared/change';
import { changeText, directionOf, FigureCard, type FigureChange, percentChange } from '../shared/figure-card';
import { formatValue } from '../shared/format';
import { missingText, noPointsText } from '../shared/missing-text';
import { NextSteps } from '../shared/next-steps';
import { type PeriodText, periodText } from '../shared/period-text';
import { useUnmatchedTagsText } from '../shared/use-unmatched-tags-text';

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
function figureRequest(data: KpiData, period: PeriodChoice): FigureRequest {
  const measure = data.measure ?? 'consumption';
  // Cost and CO2 are totals by the tariffs, whatever figure and resolution say.
  const chosen =
    measure === 'consumption'
      ? ({ period, figure: data.figure ?? 'total', resolution: data.resolution ?? 'hour' } as const)
      : ({ period, figure: 'total', resolution: 'hour', measure } as const);
  const compared = {
    ...(data.compareWith === 'lastYear' ? ({ comparedWith: 'lastYear' } as const) : {}),
    ...(data.per === 'floorArea' ? ({ per: 'floorArea' } as const) : {}),
  };
  // A named point is that point: the intent, unit and tags describe choosing by intent.
  return data.dataPoint
    ? { dataPoints: [data.dataPoint], ...chosen, ...compared }
    : { intent: data.intent, unit: data.unit, tags: data.tags, ...chosen, ...compared };
}

function KpiFigure({ data, period, result }: { data: KpiData; period: PeriodChoice; result: FigureResult }) {
  const { t } = useTranslation('kpi');
  const { t: shared } = useTranslation('shared');
  const untaggedText = useUnmatchedTagsText();
  const periodWords = periodText(shared, period, data.compareWith);
  if (result.kind === 'no-points') {
    const note = missingText(shared, result.missing) || noPointsText(shared, result.intent, result.unit);
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
  const change = value === null ? undefined : changeOf(shared, mode, value, previous, unit, precision);
  return (
    <FigureCard
      label={data.label}
      value={value}
      unit={unit}
      precision={precision}
      notes={notesOf(t, result, periodWords, precision, untaggedText(data.intent, result.unmatchedTags))}
      change={
        change ? { ...change, versus: periodWords.versus, goodWhen: data.goodWhen ?? 'down' } : undefined
      }
      changeTestId="kpi-change"
    />
  );
}

/**
 * What the figure is compared with, or why it is not, and how much of each
 * period has data; `untagged`, the page's sentence for tags nobody has given
 * where this card says it. `t` reads the kpi strings.
 */
function notesOf(
  t: TFunction,
  result: Extract<FigureResult, { kind: 'figure' }>,
  period: PeriodText,
  precision: number,
  untagged: string,
): string[] {
  const { value, previous, unit, coverage, previousCoverage } = result;
  const notes: string[] = [];
  const area = result.floorArea;
  if (area?.ofPoints) notes.push(t('perArea.ofPoints'));
  else if (area && area.sitesWithout > 0) notes.push(t('perArea.missing', { count: area.sitesWithout }));
  else if (area) notes.push(t('perArea.of', { area: formatValue(area.m2, 'm²', 0) }));
  if (area && value === null) return notes;
  if (result.noTotal) notes.push(t('noTotal'));
  else if (value === null && result.unpricedPoints) notes.push(t('noTariff'));
  else if (value === null) notes.push(t('noReadings', { period: period.during }));
  else if (previous === null) notes.push(t('noPrevious', { previous: period.previous }));
  else
    notes.push(
      t('previousValue', { period: period.previousTitle, value: formatValue(previous, unit, precision) }),
    );
  if (untagged) notes.push(untagged);
  if (value !== null && result.unpricedPoints) notes.push(t('unpriced', { count: result.unpricedPoints }));
  if (result.otherCurrencyPoints) notes.push(t('otherCurrency', { count: result.otherCurrencyPoints }));
  if (value !== null && coverage !== undefined && coverage < 90) {
    notes.push(t('coverage', { percent: formatValue(coverage, '%', 0) }));
  }
  if (previous !== null && previousCoverage !== undefined && previousCoverage < 90) {
    notes.push(
      t('previousCoverage', { percent: formatValue(previousCoverage, '%', 0), previous: period.previous }),
    );
  }
  return notes;
}

/**
 * The change as a percentage (only against a previous figure that is there
 * and not zero) or as the difference in the unit; none without a previous figure.
 */
function changeOf(
  shared: TFunction,
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
    const size = Math.abs(difference);
    const amount =
      unit === '%'
        ? shared('change.percentagePoints', {
            count: Number(size.toFixed(precision)),
            amount: formatValue(size, undefined, precision),
          })
        : formatValue(size, unit, precision);
    return { direction, text: changeText(shared, direction, amount) };
  }
  const comparison = compareWith(value, previous);
  return comparison.kind === 'change' ? percentChange(shared, comparison.percent) : undefined;
}
