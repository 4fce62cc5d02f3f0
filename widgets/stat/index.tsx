import { Badge, Stat } from '@chakra-ui/react';
import type { WidgetProps } from '../../src/engine/widget-types';
import { formatValue } from '../shared/format';

const ARROWS = { up: '▲', down: '▼', flat: '' } as const;

/** A key figure with its unit and its change against a previous period. */
export default function StatWidget({ data }: WidgetProps<'stat'>) {
  const { label, value, unit, precision, change, helpText } = data;
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>
        {formatValue(value, undefined, precision)}
        {unit && value !== null ? <Stat.ValueUnit>{unit}</Stat.ValueUnit> : null}
      </Stat.ValueText>
      {change ? <ChangeBadge {...change} /> : null}
      {helpText ? <Stat.HelpText as="dd">{helpText}</Stat.HelpText> : null}
    </Stat.Root>
  );
}

function ChangeBadge({
  percent,
  period,
  goodWhen = 'up',
}: NonNullable<WidgetProps<'stat'>['data']['change']>) {
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const palette = direction === 'flat' ? 'gray' : direction === goodWhen ? 'green' : 'red';
  // A dd of the stat's definition list: anything else directly inside a <dl> breaks its structure for screen readers.
  return (
    <Stat.HelpText as="dd" display="flex" alignItems="center" gap="2">
      <Badge
        colorPalette={palette}
        variant="subtle"
        data-testid="stat-change"
        data-good={palette === 'green'}
      >
        <span aria-hidden="true">{ARROWS[direction]}</span>
        {direction === 'flat' ? 'no change' : `${direction} ${formatValue(Math.abs(percent), '%', 1)}`}
      </Badge>
      {period}
    </Stat.HelpText>
  );
}
