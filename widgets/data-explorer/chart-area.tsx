import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { memo, type RefObject, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertPeriod, GetChartDataByDateResponse, PointAnomalies } from '../../src/generated/api-types';
import { AlertBands, AlertMarksList, useAlertMarks } from './alert-marks';
import { BAR_MARGIN, BarPanel } from './bar-panel';
import { Brush } from './brush';
import { LINE_MARGIN, LinePanel } from './line-panel';
import { brushedBuckets, brushedPeriod, buildPanels, type Panel, panelBuckets } from './panels';
import { UnexpectedList, UnexpectedTicks, useUnexpectedReadings } from './unexpected-marks';
import type { ChartData } from './use-chart-data';
import type { ChartChoice } from './view';

const NO_ALERTS: readonly AlertPeriod[] = [];
const NONE_UNEXPECTED: readonly PointAnomalies[] = [];

interface ChartAreaProps {
  chartRef: RefObject<HTMLDivElement | null>;
  state: ChartData;
  width: number | null;
  panelHeight: number;
  chart: ChartChoice | undefined;
  onZoom: (from: number, to: number) => void;
  onRetry: () => void;
}

/**
 * Every chart of the view, one panel per unit, all over the same period. The
 * container says how far it is for a benchmark: data-state="loading" while
 * fetching, "painted" in the frame after the latest answer's charts mounted.
 */
export function ChartArea({ chartRef, state, width, panelHeight, chart, onZoom, onRetry }: ChartAreaProps) {
  const { t } = useTranslation('data-explorer');
  const response =
    state.status === 'loaded' ? state.data : state.status === 'loading' ? state.shown : undefined;
  const panels = useMemo(() => (response ? buildPanels(response, chart, t) : []), [response, chart, t]);
  const loaded = state.status === 'loaded' ? state.data : null;
  // The answer on screen, the last one while the next loads: its marks stay while a zoom is fetched.
  const marks = useAlertMarks(response ?? null);
  // Each panel's firings, kept from render to render while they stand, so a panel is not drawn again for them.
  const panelAlerts = useMemo(() => {
    const all = marks.data?.alerts ?? [];
    return panels.map((panel) => {
      const points = new Set(panel.series.map((serie) => serie.dataPointId));
      const own = all.filter((alert) => points.has(alert.dataPointId));
      return own.length === 0 ? NO_ALERTS : own;
    });
  }, [panels, marks.data]);

  // Checking costs a fit per point on the server: done when the person asks, then kept for every period shown.
  const [checkReadings, setCheckReadings] = useState(false);
  const unexpected = useUnexpectedReadings(response ?? null, checkReadings);
  const panelUnexpected = useMemo(() => {
    const all = unexpected.query.data?.points ?? [];
    return panels.map((panel) => {
      const points = new Set(
        panel.series.filter((serie) => !serie.previous).map((serie) => serie.dataPointId),
      );
      const own = all.filter((point) => points.has(point.dataPointId) && point.hours.length > 0);
      return own.length === 0 ? NONE_UNEXPECTED : own;
    });
  }, [panels, unexpected.query.data]);

  useEffect(() => {
    const element = chartRef.current;
    if (!element) return;
    if (!loaded) {
      element.dataset.state = state.status;
      return;
    }
    const frame = requestAnimationFrame(() => {
      element.dataset.state = 'painted';
    });
    return () => cancelAnimationFrame(frame);
  }, [chartRef, state.status, loaded]);

  return (
    <Box ref={chartRef} data-testid="explorer-chart" aria-busy={state.status === 'loading'} minW="0">
      {state.status === 'idle' ? (
        <Text color="fg.muted" py="8" textAlign="center">
          {t('chart.idle')}
        </Text>
      ) : null}
      {state.status === 'loading' && !state.shown ? <Skeleton height={`${panelHeight}px`} /> : null}
      {state.status === 'failed' ? (
        <Stack align="start" role="alert" py="4">
          <Text color="fg.error">{t('chart.failed', { message: state.message })}</Text>
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t('tryAgain')}
          </Button>
        </Stack>
      ) : null}
      {response && width ? (
        <Stack gap="5" opacity={state.status === 'loading' ? 0.5 : 1} transition="opacity 0.2s">
          {panels.length === 0 ? (
            <Text color="fg.muted">{t('chart.noSeries')}</Text>
          ) : (
            panels.map((panel, index) => (
              <ChartPanel
                key={panel.unit}
                panel={panel}
                alerts={panelAlerts[index] ?? NO_ALERTS}
                unexpected={panelUnexpected[index] ?? NONE_UNEXPECTED}
                response={response}
                width={width}
                height={panelHeight}
                onZoom={onZoom}
              />
            ))
          )}
          <AlertMarksList marks={marks} />
          <UnexpectedList
            unexpected={unexpected}
            asked={checkReadings}
            onAsk={() => setCheckReadings(true)}
          />
        </Stack>
      ) : null}
    </Box>
  );
}

/**
 * A legend longer than this is read by nobody and costs a chart of 200
 * series more to draw than its lines (bench:explorer, case c); the summary
 * table lists every series with its colour.
 */
const LEGEND_ENTRIES = 16;

/** Drawn again only when its data, size or zoom handler change, not on every change of the address. */
const ChartPanel = memo(function ChartPanel({
  panel,
  alerts,
  unexpected,
  response,
  width,
  height,
  onZoom,
}: {
  panel: Panel;
  /** The firings of the panel's points' rules in the period, marked over the plot. */
  alerts: readonly AlertPeriod[];
  /** The panel's points' unexpected readings, once checked, marked at the foot of the plot. */
  unexpected: readonly PointAnomalies[];
  response: GetChartDataByDateResponse;
  width: number;
  height: number;
  onZoom: (from: number, to: number) => void;
}) {
  const { t } = useTranslation('data-explorer');
  const domain = useMemo(
    () => ({ from: Date.parse(response.from), to: Date.parse(response.to) }),
    [response.from, response.to],
  );
  const empty = panel.series.every((serie) => serie.points.v.every((value) => value === null));
  const margin = panel.chart === 'bar' ? BAR_MARGIN : LINE_MARGIN;

  const brushed = (start: number, end: number) => {
    if (panel.chart === 'bar') {
      const buckets = panelBuckets(panel.series);
      if (buckets.length === 0) return;
      const step = panel.series[0]?.points.step ?? 0;
      const period = brushedBuckets(start, end, buckets, step);
      onZoom(period.from, period.to);
    } else {
      const period = brushedPeriod(start, end, domain);
      onZoom(period.from, period.to);
    }
  };

  return (
    <Stack
      as="figure"
      role="group"
      aria-label={t('chart.label', { unit: panel.unit })}
      gap="2"
      data-unit={panel.unit}
      data-chart={panel.chart}
      data-renderer={panel.chart === 'line' ? panel.renderer : 'svg'}
    >
      <HStack gap="3" wrap="wrap" fontSize="sm">
        <Badge variant="subtle">{panel.unit}</Badge>
        {panel.series.slice(0, LEGEND_ENTRIES).map((serie) => (
          <HStack key={serie.key} gap="1.5">
            <Box
              w="4"
              h="0"
              borderTopWidth="2px"
              borderTopStyle={serie.previous ? 'dashed' : 'solid'}
              borderColor={serie.color}
              opacity={serie.previous ? 0.7 : 1}
            />
            <Text color={serie.previous ? 'fg.muted' : undefined}>{serie.name}</Text>
          </HStack>
        ))}
        {panel.series.length > LEGEND_ENTRIES ? (
          <Text color="fg.muted">
            {t('chart.moreSeries', { count: panel.series.length - LEGEND_ENTRIES })}
          </Text>
        ) : null}
      </HStack>
      {panel.note ? (
        <Text fontSize="xs" color="fg.muted">
          {panel.note}
        </Text>
      ) : null}
      {empty ? (
        <Text fontSize="sm" color="fg.muted">
          {t('chart.noReadings')}
        </Text>
      ) : null}
      <Box position="relative">
        <Brush width={width} height={height} margin={margin} onBrush={brushed}>
          {panel.chart === 'bar' ? (
            <BarPanel panel={panel} width={width} height={height} resolution={response.resolution} />
          ) : (
            <LinePanel
              panel={panel}
              width={width}
              height={height}
              domain={domain}
              resolution={response.resolution}
            />
          )}
        </Brush>
        {/* On a line's time axis; bars stand by bucket, which the list under the charts names instead. */}
        {alerts.length > 0 && panel.chart === 'line' ? (
          <AlertBands alerts={alerts} domain={domain} width={width} height={height} margin={margin} />
        ) : null}
        {unexpected.length > 0 && panel.chart === 'line' ? (
          <UnexpectedTicks
            points={unexpected}
            domain={domain}
            width={width}
            height={height}
            margin={margin}
          />
        ) : null}
      </Box>
    </Stack>
  );
});
