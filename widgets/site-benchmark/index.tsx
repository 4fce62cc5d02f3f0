import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useScreenQuery } from '../../src/data/screen-query';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { BenchmarkingRequest, BenchmarkNormaliser, SiteBenchmark } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { compareWith, signedPercent } from '../shared/change';
import { formatValue } from '../shared/format';
import { ScrollRegion } from '../shared/scroll-region';
import {
  BUILT_IN_NORMALISERS,
  figureChoice,
  intensityUnit,
  normaliserOf,
  type PerChoice,
  UTILITIES,
  UTILITY_UNITS,
  type Utility,
} from './benchmark-choices';
import { FiguresDialog } from './figures-dialog';

/**
 * The sites ranked by consumption per m², per degree day or per a figure of
 * the organisation's own (occupants, units produced), this year against the
 * same stretch of last year, worst first: what an energy manager asks first,
 * "which site is worst". The choices are the person's, the first ones the
 * layout's; editors add and fill in the figures.
 */
export default function SiteBenchmarkWidget({ data }: WidgetProps<'site-benchmark'>) {
  const { t } = useTranslation('site-benchmark');
  const thisYear = new Date().getFullYear();
  const [intent, setIntent] = useState<Utility>(data.intent ?? 'electricity');
  const [per, setPer] = useState<PerChoice>(data.normaliser ?? 'area');
  const [baseTemperature, setBaseTemperature] = useState(15.5);
  const [year, setYear] = useState(thisYear);
  const [editingFigures, setEditingFigures] = useState(false);
  const canEditFigures = useCan('benchmarkNormaliser');
  const degreeDays = per === 'heatingDegreeDays' || per === 'coolingDegreeDays';
  const request: BenchmarkingRequest = {
    intent,
    unit: UTILITY_UNITS[intent],
    ...normaliserOf(per),
    ...(year === thisYear ? {} : { year }),
    ...(degreeDays ? { baseTemperature } : {}),
  };
  const state = fromQuery(
    useScreenQuery('benchmark', () => api.benchmarking(request), JSON.stringify(request)),
  );
  // The organisation's own figures are extra choices: while they load, or if they fail (which is said), the rest works.
  const figuresState = fromQuery(useScreenQuery('benchmark-figures', () => api.getBenchmarkNormalisers()));
  const figures: BenchmarkNormaliser[] =
    figuresState.status === 'loaded' ? figuresState.data.normalisers : [];
  const years = [thisYear, thisYear - 1, thisYear - 2];
  return (
    <Stack gap="4">
      {data.heading ? (
        <Text textStyle="lg" fontWeight="semibold" as="h2">
          {data.heading}
        </Text>
      ) : null}
      <HStack gap="3" wrap="wrap" align="end">
        <Choice label={t('utility')} value={intent} onChange={(value) => setIntent(value as Utility)}>
          {UTILITIES.map((utility) => (
            <option key={utility} value={utility}>
              {t(`utilities.${utility}`)}
            </option>
          ))}
        </Choice>
        <Choice label={t('per')} value={per} onChange={(value) => setPer(value as PerChoice)}>
          {BUILT_IN_NORMALISERS.map((each) => (
            <option key={each} value={each}>
              {t(`normalisers.${each}`)}
            </option>
          ))}
          {figures.map((figure) => (
            <option key={figure.id} value={figureChoice(figure.id)}>
              {t('figurePer', { name: figure.name, unit: figure.unit })}
            </option>
          ))}
        </Choice>
        {degreeDays ? (
          <Field.Root maxW="8rem">
            <Field.Label>{t('baseTemperature')}</Field.Label>
            <Input
              size="sm"
              type="number"
              step="0.5"
              min={-20}
              max={35}
              value={baseTemperature}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (event.target.value !== '' && value >= -20 && value <= 35) setBaseTemperature(value);
              }}
            />
          </Field.Root>
        ) : null}
        <Choice label={t('year')} value={String(year)} onChange={(value) => setYear(Number(value))}>
          {years.map((each) => (
            <option key={each} value={each}>
              {each === thisYear ? t('yearToDate', { year: each }) : each}
            </option>
          ))}
        </Choice>
        {canEditFigures && state.status === 'loaded' && figuresState.status === 'loaded' ? (
          <Button size="sm" variant="outline" onClick={() => setEditingFigures(true)}>
            {t('figures.open')}
          </Button>
        ) : null}
      </HStack>
      {figuresState.status === 'failed' ? (
        <DataState state={figuresState} what={t('figures.what')}>
          {() => null}
        </DataState>
      ) : null}
      {editingFigures && state.status === 'loaded' ? (
        <FiguresDialog
          figures={figures}
          sites={[...state.data.sites].sort((a, b) => a.name.localeCompare(b.name))}
          years={years}
          openId={per.startsWith('custom:') ? normaliserOf(per).normaliserId : undefined}
          onClose={() => setEditingFigures(false)}
          // The dialog's mutations have had the figures, and the ranking by a figure saved, asked again.
          onSaved={(figure) => {
            setEditingFigures(false);
            setPer(figureChoice(figure.id));
          }}
          onDeleted={(id) => {
            setEditingFigures(false);
            if (per === figureChoice(id)) setPer('area');
          }}
        />
      ) : null}
      <DataState state={state} what={t('what')}>
        {(answer) =>
          answer.sites.length === 0 ? (
            <Text color="fg.muted" role="status">
              {t('noSites')}
            </Text>
          ) : (
            <Ranking
              sites={answer.sites}
              unit={intensityUnit(answer.unit, answer.normaliser, answer.custom?.unit)}
              year={answer.year}
              toDate={answer.year === thisYear}
            />
          )
        }
      </DataState>
    </Stack>
  );
}

function Choice({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </NativeSelect.Field>
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Why a site has no figure. A site with an outdoor temperature but no degree days (a summer's heating) is
 * missing the same figure as one without a thermometer, but telling it to add one would send it looking for
 * what it has: zero degree days, where none is null, says which.
 */
function missingReason(site: SiteBenchmark): string | null {
  return site.missing === 'temperature' && site.degreeDays !== null ? 'noDegreeDays' : site.missing;
}

/** Worst first: this year's figure with its bar, last year's below it muted, and the change. */
function Ranking({
  sites,
  unit,
  year,
  toDate,
}: {
  sites: SiteBenchmark[];
  unit: string;
  year: number;
  toDate: boolean;
}) {
  const { t } = useTranslation('site-benchmark');
  const largest = Math.max(0, ...sites.flatMap((site) => [site.intensity ?? 0, site.previousIntensity ?? 0]));
  const width = (value: number | null) =>
    value === null || largest === 0 ? '0%' : `${(value / largest) * 100}%`;
  const precision = largest >= 100 ? 0 : largest >= 10 ? 1 : 2;
  return (
    <ScrollRegion label={t('label')}>
      <Table.Root size="sm" aria-label={t('label')}>
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted">
          {t(toDate ? 'captionToDate' : 'caption', { unit, year, previous: year - 1 })}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('site')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{year}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{year - 1}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('change')}</Table.ColumnHeader>
            <Table.ColumnHeader minW="8rem" aria-hidden="true" />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sites.map((site) => {
            const comparison = compareWith(site.intensity, site.previousIntensity);
            return (
              <Table.Row key={site.siteId} data-testid="site-benchmark">
                <Table.Cell>
                  <Text fontWeight="medium">{site.name}</Text>
                  {site.missing ? (
                    <Text textStyle="xs" color="fg.muted">
                      {t(`missing.${missingReason(site)}`)}
                    </Text>
                  ) : site.meters === 'all' ? (
                    <Text textStyle="xs" color="fg.muted">
                      {t('allMeters')}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatValue(site.intensity, unit, precision)}</Table.Cell>
                <Table.Cell textAlign="end" color="fg.muted">
                  {formatValue(site.previousIntensity, unit, precision)}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {comparison.kind === 'change' ? (
                    <Badge colorPalette={changePalette(comparison.percent)} variant="subtle">
                      {signedPercent(comparison.percent)}
                    </Badge>
                  ) : (
                    '–'
                  )}
                </Table.Cell>
                <Table.Cell aria-hidden="true">
                  <Stack gap="1">
                    <Box
                      h="2"
                      borderRadius="full"
                      bg="colorPalette.solid"
                      colorPalette="blue"
                      w={width(site.intensity)}
                    />
                    <Box h="2" borderRadius="full" bg="bg.emphasized" w={width(site.previousIntensity)} />
                  </Stack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </ScrollRegion>
  );
}

/** More per m², per degree day or per person than last year is bad news: red; less is green. */
function changePalette(percent: number): string {
  if (percent > 0) return 'red';
  return percent < 0 ? 'green' : 'gray';
}
