import { Badge, Stack, Stat, Text } from '@chakra-ui/react';
import { useApiData } from '../../src/api/use-api-data';
import type { WidgetData, WidgetProps } from '../../src/engine/widget-types';
import { autoPrecision, compareWith } from '../shared/change';
import { DataState } from '../shared/data-state';
import { formatValue } from '../shared/format';
import { type PeriodName, periodWindows } from '../shared/periods';
import { missingText } from '../shared/resolve-points';
import { type KpiResult, loadKpi } from './figure';

type KpiData = WidgetData<'kpi'>;

/** One figure over a period from live data, with its change against the same stretch of the period before. */
export default function KpiWidget({ data }: WidgetProps<'kpi'>) {
  const state = useApiData(() => loadKpi(data), JSON.stringify(data));
  if (state.status === 'loaded') return <KpiFigure data={data} result={state.data} />;
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

function KpiFigure({ data, result }: { data: KpiData; result: KpiResult }) {
  const period = periodWindows((data.period ?? 'month') as PeriodName);
  if (result.kind === 'no-points') {
    const what = [result.intent, 'data points'].filter(Boolean).join(' ');
    const note = missingText(result.missing) || `No ${what}${result.unit ? ` in ${result.unit}` : ''} yet.`;
    return <Figure label={data.label} value={null} unit="" precision={0} notes={[note]} />;
  }
  const { value, previous, unit } = result;
  const precision = data.precision ?? autoPrecision(value);
  const mode = data.change ?? ((data.figure ?? 'total') === 'total' ? 'percent' : 'difference');
  const change = value === null ? undefined : changeOf(mode, value, previous, unit, precision);
  const notes: string[] = [];
  if (result.noTotal) notes.push('No total for instantaneous values; show their mean instead.');
  else if (value === null) notes.push(`No readings ${period.label}.`);
  else if (previous === null) notes.push(`No data for ${period.previousLabel} to compare with.`);
  else notes.push(`${capitalise(period.previousLabel)}: ${formatValue(previous, unit, precision)}`);
  if (value !== null && result.coverage !== undefined && result.coverage < 90) {
    notes.push(`Data covers ${formatValue(result.coverage, '%', 0)} of the period.`);
  }
  if (previous !== null && result.previousCoverage !== undefined && result.previousCoverage < 90) {
    notes.push(`Data covers ${formatValue(result.previousCoverage, '%', 0)} of ${period.previousLabel}.`);
  }
  return (
    <Figure
      label={data.label}
      value={value}
      unit={unit}
      precision={precision}
      notes={notes}
      change={change ? { ...change, versus: period.versus, goodWhen: data.goodWhen ?? 'down' } : undefined}
    />
  );
}

type Direction = 'up' | 'down' | 'flat';

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
): { direction: Direction; text: string } | undefined {
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
  if (comparison.kind !== 'change') return undefined;
  const direction = directionOf(comparison.percent, 1);
  return {
    direction,
    text:
      direction === 'flat'
        ? 'no change'
        : `${direction} ${formatValue(Math.abs(comparison.percent), '%', 1)}`,
  };
}

/** Up or down as shown: a change that rounds to zero is none. */
function directionOf(change: number, precision: number): Direction {
  const rounded = Math.round(change * 10 ** precision);
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

function Figure({
  label,
  value,
  unit,
  precision,
  notes,
  change,
}: {
  label: string;
  value: number | null;
  unit: string;
  precision: number;
  notes: string[];
  change?: ChangeProps;
}) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>
        {formatValue(value, undefined, precision)}
        {unit && value !== null ? <Stat.ValueUnit>{unit}</Stat.ValueUnit> : null}
      </Stat.ValueText>
      {change ? <ChangeLine {...change} /> : null}
      {notes.map((note) => (
        // A dd of the stat's definition list: anything else directly inside a <dl> breaks its structure.
        <Stat.HelpText as="dd" key={note}>
          {note}
        </Stat.HelpText>
      ))}
    </Stat.Root>
  );
}

const ARROWS: Record<Direction, string> = { up: '▲', down: '▼', flat: '' };

interface ChangeProps {
  direction: Direction;
  text: string;
  versus: string;
  goodWhen: 'up' | 'down' | 'neither';
}

function ChangeLine({ direction, text, versus, goodWhen }: ChangeProps) {
  const palette =
    direction === 'flat' || goodWhen === 'neither' ? 'gray' : direction === goodWhen ? 'green' : 'red';
  return (
    <Stat.HelpText as="dd" display="flex" alignItems="center" gap="2">
      <Badge colorPalette={palette} variant="subtle" data-testid="kpi-change" data-good={palette === 'green'}>
        <span aria-hidden="true">{ARROWS[direction]}</span>
        {text}
      </Badge>
      {versus}
    </Stat.HelpText>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
