import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import type { WidgetProps } from '../../src/engine/widget-types';
import type {
  GetChartDataByDateResponse,
  SavedExplorer,
  VirtualDataPoint,
} from '../../src/generated/api-types';
import { ChartArea } from './chart-area';
import { ExportButtons, type SeriesQuery } from './export-buttons';
import { LINE_MARGIN } from './line-panel';
import { viewPeriod, zoomBaseOf } from './period';
import { Picker } from './picker';
import { RangeControls, type Served, type ViewPatch } from './range-controls';
import { SavedViews } from './saved-views';
import { SummaryTable } from './summary-table';
import { useAddress } from './use-address';
import { useChartData } from './use-chart-data';
import { useCostChart } from './use-cost-chart';
import { usePeriodCosts } from './use-period-costs';
import { requestWidth, useWidth } from './use-width';
import { VirtualPointForm } from './virtual-point-form';

/** A brush narrower than this is a slip of the hand, not a zoom. */
const MIN_ZOOM_MS = 60_000;
const DEFAULT_PANEL_HEIGHT = 260;

/**
 * The Data Explorer: data points from the site tree over a period, one chart
 * per unit, a summary per series, saved views, export and virtual points. The
 * view lives in the address and only there; every part reads it from there.
 */
export default function DataExplorer({ data }: WidgetProps<'data-explorer'>) {
  const { t } = useTranslation('data-explorer');
  const [address, change] = useAddress({
    range: data.defaultRange ?? '7d',
    resolution: data.defaultResolution ?? 'auto',
  });
  const { view, savedId, zoomBase } = address;
  const [refreshed, setRefreshed] = useState(0);
  const [addingVirtual, setAddingVirtual] = useState(false);
  const chartRef = useRef<HTMLDivElement>(null);
  const width = useWidth(chartRef);
  // Reading, exporting and opening saved views are everyone's; a new virtual point only a role that may save one.
  const canAddVirtual = useCan('virtualDatapoint');

  // A preset ends "now": now is taken when the period changes (or on Refresh), not on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the period depends on these fields of the view and the refresh count.
  const period = useMemo(() => viewPeriod(view, new Date()), [view.range, view.from, view.to, refreshed]);
  const query = useMemo<SeriesQuery | null>(
    () =>
      view.dataPointIds.length === 0
        ? null
        : {
            dataPointIds: view.dataPointIds,
            from: period.from.toISOString(),
            to: period.to.toISOString(),
            resolution: view.resolution,
            ...(view.aggregate ? { aggregate: view.aggregate } : {}),
          },
    [view.dataPointIds, view.resolution, view.aggregate, period],
  );
  const request =
    query && width
      ? {
          ...query,
          width: requestWidth(width - LINE_MARGIN.left - LINE_MARGIN.right),
          compare: view.compare === true,
        }
      : null;
  const { state, reload } = useChartData(request, query !== null);
  const response =
    state.status === 'loaded' ? state.data : state.status === 'loading' ? state.shown : undefined;
  // The chart comes first: the summary table and the picker's names follow in a render of their own,
  // which React interrupts for input and which does not hold back the chart's first frame.
  const shownLater = useDeferredValue(response);
  // Cost or CO2 drawn in place of the readings, priced once the readings have said which series consume.
  const costChart = useCostChart(state, view.measure);
  const drawn = view.measure ? costChart.state : state;
  const drawnResponse =
    drawn.status === 'loaded' ? drawn.data : drawn.status === 'loading' ? drawn.shown : undefined;
  const summarised = useDeferredValue(view.measure ? drawnResponse : response);
  // Pricing a year of many meters takes the server a while: only when the person asks for costs.
  const periodCosts = usePeriodCosts(
    view.costs && !view.measure ? shownLater?.series : undefined,
    shownLater?.from ?? '',
    shownLater?.to ?? '',
  );
  const knownNames = useMemo(
    () => new Map((shownLater?.series ?? []).map((serie) => [serie.dataPointId, serie.name])),
    [shownLater],
  );

  const setView = (patch: ViewPatch) =>
    change((current) => ({ view: { ...current.view, ...patch }, savedId: current.savedId, zoomBase: null }));
  const setPoints = useCallback(
    (ids: number[]) => change((current) => ({ ...current, view: { ...current.view, dataPointIds: ids } })),
    [change],
  );
  // Stable, so the charts (memoised) are not drawn again on renders that change nothing of theirs.
  const zoom = useCallback(
    (from: number, to: number) => {
      if (to - from < MIN_ZOOM_MS) return;
      change((current) => ({
        view: {
          ...current.view,
          range: 'custom',
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
        },
        savedId: current.savedId,
        zoomBase: current.zoomBase ?? zoomBaseOf(current.view),
      }));
    },
    [change],
  );
  const resetZoom = () =>
    change((current) => {
      const base = current.zoomBase;
      if (!base) return current;
      const range =
        base.range === 'custom'
          ? { range: 'custom' as const, from: base.from, to: base.to }
          : { range: base.range, from: undefined, to: undefined };
      return { view: { ...current.view, ...range }, savedId: current.savedId, zoomBase: null };
    });
  const open = (saved: SavedExplorer) =>
    change(() => ({ view: saved.view, savedId: saved.id, zoomBase: null }));
  const virtualCreated = (point: VirtualDataPoint) => {
    setAddingVirtual(false);
    change((current) => ({
      ...current,
      view: { ...current.view, dataPointIds: [...current.view.dataPointIds, point.id] },
    }));
  };

  return (
    <Stack gap="4">
      {data.heading ? (
        <Heading as="h2" size="md">
          {data.heading}
        </Heading>
      ) : null}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '280px minmax(0, 1fr)' }} gap="6">
        <Stack gap="4" minW="0">
          <Picker selected={view.dataPointIds} onChange={setPoints} knownNames={knownNames} />
          {data.allowVirtual === false || !canAddVirtual ? null : (
            <Stack gap="2">
              <Button size="xs" variant="outline" onClick={() => setAddingVirtual((value) => !value)}>
                {addingVirtual ? t('virtual.close') : t('virtual.open')}
              </Button>
              {addingVirtual ? <VirtualPointForm onCreated={virtualCreated} /> : null}
            </Stack>
          )}
        </Stack>
        <Stack gap="4" minW="0">
          <RangeControls
            view={view}
            period={period}
            served={served(response)}
            zoomed={zoomBase !== null}
            onChange={setView}
            onResetZoom={resetZoom}
            onRefresh={() => setRefreshed((value) => value + 1)}
          />
          <Text fontSize="xs" color="fg.muted">
            {t('zoomHint')}
          </Text>
          <ChartArea
            chartRef={chartRef}
            state={drawn}
            width={width}
            panelHeight={data.panelHeight ?? DEFAULT_PANEL_HEIGHT}
            chart={view.chart}
            onZoom={zoom}
            onRetry={reload}
          />
          {costChart.unpriced > 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {t('chart.unpriced', { count: costChart.unpriced })}
            </Text>
          ) : null}
          {summarised ? (
            <SummaryTable
              series={summarised.series}
              compare={view.compare === true}
              costs={periodCosts.costs}
            />
          ) : null}
          {periodCosts.failure ? (
            <Text role="alert" textStyle="sm" color="fg.error">
              {t('summary.costsFailed', { message: periodCosts.failure })}
            </Text>
          ) : null}
          <HStack gap="6" wrap="wrap" align="start">
            {data.allowExport === false ? null : (
              <Box>
                <ExportButtons query={query} />
              </Box>
            )}
            {data.allowSave === false ? null : (
              <SavedViews
                view={view}
                savedId={savedId}
                onOpen={open}
                onSavedId={(id) => change((current) => ({ ...current, savedId: id }))}
              />
            )}
          </HStack>
        </Stack>
      </Grid>
    </Stack>
  );
}

/** What the last answer was served at, for the "Auto" and "Default" choices to say. */
function served(response: GetChartDataByDateResponse | undefined): Served {
  if (!response) return {};
  const aggregates = [...new Set(response.series.map((serie) => serie.aggregate))];
  return {
    resolution: response.resolution,
    ...(aggregates.length > 0 ? { aggregates } : {}),
  };
}
