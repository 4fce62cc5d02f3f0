import { Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TimeWindow } from '../../src/data/periods';
import type { ExplorerView } from '../../src/generated/api-types';
import type { ServedResolution } from './bucket-time';
import { customDays, periodFromDays } from './period';
import {
  AGGREGATES,
  type Aggregate,
  type ChartChoice,
  MEASURES,
  type Measure,
  PRESETS,
  RESOLUTIONS,
  type Resolution,
} from './view';

export type ViewPatch = Partial<Omit<ExplorerView, 'dataPointIds'>>;

/** What the last answer was served at: "hour" for auto, "sum" (one per series' kind) for the server's default. */
export interface Served {
  resolution?: ServedResolution;
  aggregates?: Aggregate[];
}

interface RangeControlsProps {
  view: ExplorerView;
  period: TimeWindow;
  served: Served;
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
  const { t } = useTranslation('data-explorer');
  const days = customDays(period);
  const setDays = (first: string, last: string) => {
    const custom = periodFromDays(first, last);
    if (custom) onChange({ range: 'custom', ...custom });
  };
  return (
    <Stack gap="3" as="section" aria-label={t('controls.label')}>
      <Wrap gap="1" role="group" aria-label={t('controls.period')}>
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            size="xs"
            variant={view.range === preset ? 'solid' : 'outline'}
            aria-pressed={view.range === preset}
            onClick={() => onChange({ range: preset, from: undefined, to: undefined })}
          >
            {t(`range.${preset}`)}
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
          {t('range.custom')}
        </Button>
        {zoomed ? (
          <Button size="xs" variant="ghost" colorPalette="blue" onClick={onResetZoom}>
            {t('controls.resetZoom')}
          </Button>
        ) : null}
        <Button size="xs" variant="ghost" onClick={onRefresh} aria-label={t('controls.refreshLabel')}>
          {t('controls.refresh')}
        </Button>
      </Wrap>
      <Wrap gap="3" align="end">
        {view.range === 'custom' ? (
          <HStack gap="2" align="end">
            <Field.Root w="auto">
              <Field.Label fontSize="xs">{t('controls.from')}</Field.Label>
              <Input
                type="date"
                size="xs"
                value={days.first}
                max={days.last}
                onChange={(event) => setDays(event.target.value, days.last)}
              />
            </Field.Root>
            <Field.Root w="auto">
              <Field.Label fontSize="xs">{t('controls.to')}</Field.Label>
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
          label={t('controls.resolution')}
          value={view.resolution}
          options={RESOLUTIONS.map((resolution) => [
            resolution,
            resolution === 'auto' && served.resolution
              ? t('resolution.autoServed', { resolution: t(`servedResolution.${served.resolution}`) })
              : t(`resolution.${resolution}`),
          ])}
          onChange={(value) => onChange({ resolution: value as Resolution })}
        />
        <Choice
          label={t('controls.aggregate')}
          value={view.aggregate ?? ''}
          options={[
            [
              '',
              served.aggregates
                ? t('aggregate.defaultServed', {
                    aggregate: served.aggregates
                      .map((aggregate) => t(`aggregateName.${aggregate}`))
                      .join(t('listSeparator')),
                  })
                : t('aggregate.default'),
            ],
            ...AGGREGATES.map((aggregate) => [aggregate, t(`aggregate.${aggregate}`)] as [string, string]),
          ]}
          onChange={(value) => onChange({ aggregate: (value || undefined) as Aggregate | undefined })}
        />
        <Choice
          label={t('controls.chart')}
          value={view.chart ?? ''}
          options={[
            ['', t('chartChoice.auto')],
            ['line', t('chartChoice.line')],
            ['bar', t('chartChoice.bar')],
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
          <Checkbox.Label>{t('controls.compare')}</Checkbox.Label>
        </Checkbox.Root>
        <Choice
          label={t('controls.show')}
          value={view.measure ?? ''}
          options={[
            ['', t('showChoice.readings')],
            ...MEASURES.map((measure) => [measure, t(`showChoice.${measure}`)] as [string, string]),
          ]}
          onChange={(value) => onChange({ measure: (value || undefined) as Measure | undefined })}
        />
        <Checkbox.Root
          size="sm"
          disabled={view.measure !== undefined}
          checked={view.costs === true && view.measure === undefined}
          onCheckedChange={(details) => onChange({ costs: details.checked === true ? true : undefined })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('controls.costs')}</Checkbox.Label>
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
