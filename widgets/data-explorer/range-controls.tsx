import { Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Wrap } from '@chakra-ui/react';
import type { TimeWindow } from '../../src/data/periods';
import type { ExplorerView } from '../../src/generated/api-types';
import { customDays, periodFromDays, RANGE_LABELS } from './period';
import { AGGREGATES, type Aggregate, type ChartChoice, PRESETS, RESOLUTIONS, type Resolution } from './view';

const RESOLUTION_LABELS: Record<Resolution, string> = {
  auto: 'Auto',
  raw: 'Raw readings',
  '15min': '15 minutes',
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

const AGGREGATE_LABELS: Record<Aggregate, string> = {
  sum: 'Sum',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
};

export type ViewPatch = Partial<Omit<ExplorerView, 'dataPointIds'>>;

interface RangeControlsProps {
  view: ExplorerView;
  period: TimeWindow;
  /** What the last answer was served at: "hour" for auto, "sum" for the server's default. */
  served: { resolution?: string; aggregate?: string };
  zoomed: boolean;
  onChange: (patch: ViewPatch) => void;
  onResetZoom: () => void;
  onRefresh: () => void;
}

/** The period (presets, custom dates), resolution, aggregate, chart type and comparison. */
export function RangeControls({
  view,
  period,
  served,
  zoomed,
  onChange,
  onResetZoom,
  onRefresh,
}: RangeControlsProps) {
  const days = customDays(period);
  const setDays = (first: string, last: string) => {
    const custom = periodFromDays(first, last);
    if (custom) onChange({ range: 'custom', ...custom });
  };
  return (
    <Stack gap="3" as="section" aria-label="Period and resolution">
      <Wrap gap="1" role="group" aria-label="Period">
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            size="xs"
            variant={view.range === preset ? 'solid' : 'outline'}
            aria-pressed={view.range === preset}
            onClick={() => onChange({ range: preset, from: undefined, to: undefined })}
          >
            {RANGE_LABELS[preset]}
          </Button>
        ))}
        <Button
          size="xs"
          variant={view.range === 'custom' ? 'solid' : 'outline'}
          aria-pressed={view.range === 'custom'}
          onClick={() =>
            onChange({ range: 'custom', from: period.from.toISOString(), to: period.to.toISOString() })
          }
        >
          {RANGE_LABELS.custom}
        </Button>
        {zoomed ? (
          <Button size="xs" variant="ghost" colorPalette="blue" onClick={onResetZoom}>
            Reset zoom
          </Button>
        ) : null}
        <Button size="xs" variant="ghost" onClick={onRefresh} aria-label="Fetch again up to now">
          Refresh
        </Button>
      </Wrap>
      <Wrap gap="3" align="end">
        {view.range === 'custom' ? (
          <HStack gap="2" align="end">
            <Field.Root w="auto">
              <Field.Label fontSize="xs">From</Field.Label>
              <Input
                type="date"
                size="xs"
                value={days.first}
                max={days.last}
                onChange={(event) => setDays(event.target.value, days.last)}
              />
            </Field.Root>
            <Field.Root w="auto">
              <Field.Label fontSize="xs">To (included)</Field.Label>
              <Input
                type="date"
                size="xs"
                value={days.last}
                min={days.first}
                onChange={(event) => setDays(days.first, event.target.value)}
              />
            </Field.Root>
          </HStack>
        ) : null}
        <Choice
          label="Resolution"
          value={view.resolution}
          options={RESOLUTIONS.map((resolution) => [
            resolution,
            resolution === 'auto' && served.resolution
              ? `Auto (${served.resolution})`
              : RESOLUTION_LABELS[resolution],
          ])}
          onChange={(value) => onChange({ resolution: value as Resolution })}
        />
        <Choice
          label="Aggregate"
          value={view.aggregate ?? ''}
          options={[
            ['', served.aggregate ? `Default (${served.aggregate})` : 'Default'],
            ...AGGREGATES.map((aggregate) => [aggregate, AGGREGATE_LABELS[aggregate]] as [string, string]),
          ]}
          onChange={(value) => onChange({ aggregate: (value || undefined) as Aggregate | undefined })}
        />
        <Choice
          label="Chart"
          value={view.chart ?? ''}
          options={[
            ['', 'Auto'],
            ['line', 'Lines'],
            ['bar', 'Bars'],
          ]}
          onChange={(value) => onChange({ chart: (value || undefined) as ChartChoice | undefined })}
        />
        <Checkbox.Root
          size="sm"
          checked={view.compare === true}
          onCheckedChange={(details) => onChange({ compare: details.checked === true ? true : undefined })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Compare with the previous period</Checkbox.Label>
        </Checkbox.Root>
      </Wrap>
    </Stack>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root w="auto">
      <Field.Label fontSize="xs">{label}</Field.Label>
      <NativeSelect.Root size="xs" w="auto">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
