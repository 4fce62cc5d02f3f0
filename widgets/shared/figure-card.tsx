import { Badge, Stat } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatValue } from './format';

export type Direction = 'up' | 'down' | 'flat';

/** A change against an earlier period as shown: "▲ up 4.2 %", green when that direction is good news. */
export interface FigureChange {
  direction: Direction;
  /** "up 4.2 %", "down 3 °C", "no change". */
  text: string;
  /** "vs last month", after the badge. */
  versus?: string;
  goodWhen: 'up' | 'down' | 'neither';
}

export interface FigureCardProps {
  label: string;
  /** null shows a dash: no data for the period. */
  value: number | string | null;
  unit?: string;
  /** Decimal places of a numeric value; left out, up to two. */
  precision?: number;
  change?: FigureChange;
  /** Lines under the figure: what it is compared with, how much of the period has data. */
  notes?: readonly string[];
  /** Under the notes: what the person can do about them (the next steps when there is no data). */
  action?: ReactNode;
  /** Tests and the gallery find the change badge by it ("stat-change", "kpi-change"). */
  changeTestId?: string;
}

const ARROWS: Record<Direction, string> = { up: '▲', down: '▼', flat: '' };

/**
 * A key figure with its unit, its change and notes: how the stat widget
 * shows a figure given in the layout, and the kpi widget one from live data.
 */
export function FigureCard({
  label,
  value,
  unit,
  precision,
  change,
  notes = [],
  action,
  changeTestId = 'figure-change',
}: FigureCardProps) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>
        {formatValue(value, undefined, precision)}
        {unit && value !== null ? <Stat.ValueUnit>{unit}</Stat.ValueUnit> : null}
      </Stat.ValueText>
      {change ? <ChangeLine change={change} testId={changeTestId} /> : null}
      {notes.map((note) => (
        // A dd of the stat's definition list: anything else directly inside a <dl> breaks its structure for screen readers.
        <Stat.HelpText as="dd" key={note}>
          {note}
        </Stat.HelpText>
      ))}
      {action ? <Stat.HelpText as="dd">{action}</Stat.HelpText> : null}
    </Stat.Root>
  );
}

function ChangeLine({ change, testId }: { change: FigureChange; testId: string }) {
  const { direction, text, versus, goodWhen } = change;
  const palette =
    direction === 'flat' || goodWhen === 'neither' ? 'gray' : direction === goodWhen ? 'green' : 'red';
  return (
    <Stat.HelpText as="dd" display="flex" alignItems="center" gap="2">
      <Badge colorPalette={palette} variant="subtle" data-testid={testId} data-good={palette === 'green'}>
        <span aria-hidden="true">{ARROWS[direction]}</span>
        {text}
      </Badge>
      {versus}
    </Stat.HelpText>
  );
}

/** Up or down as shown: a change that rounds to zero at this precision is none. */
export function directionOf(change: number, precision: number): Direction {
  const rounded = Math.round(change * 10 ** precision);
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/**
 * A change as the badge says it: "up 4.2 %", "down 3 °C", or "no change".
 * `t` reads the shared strings: useTranslation('shared').
 */
export function changeText(t: TFunction, direction: Direction, amount: string): string {
  if (direction === 'flat') return t('change.none');
  return direction === 'up' ? t('change.up', { amount }) : t('change.down', { amount });
}

/** A percentage change as the badge says it: "up 4.2 %", or "no change" when it rounds to 0.0 %. */
export function percentChange(t: TFunction, percent: number): Pick<FigureChange, 'direction' | 'text'> {
  const direction = directionOf(percent, 1);
  return { direction, text: changeText(t, direction, formatValue(Math.abs(percent), '%', 1)) };
}
