import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { costSeries } from '../../src/data/cost-series';
import { DATA_POINTS_KEY } from '../../src/data/data-points';
import { livePointsAsked } from '../../src/data/live/live-meta';
import { PRICED } from '../../src/data/priced';
import { DATA_KEY } from '../../src/data/query-client';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { useScreenQuery } from '../../src/data/screen-query';
import { api } from '../../src/generated/api-client';
import type {
  GetChartDataByDateRequest,
  GetChartDataByDateResponse,
  GetChartDataByS3Request,
  GetChartDataByS3Response,
  GetEntitesForDataExplorerResponse,
  SavedExplorer,
  TariffCostAndTimeResponse,
  VirtualDatapointRequest,
} from '../../src/generated/api-types';
import type { Measure } from './view';

/**
 * Every request the explorer makes. Reads of readings are keyed as the
 * dashboards' series are (src/data/chart-series.ts), the request after the
 * prefix with its data points in `dataPointIds`: whatever learns that some
 * points' readings changed finds each explorer query that shows them. The
 * other fields of each request (`width`, `measure`, `bucket`) tell the three
 * reads apart.
 */
const READINGS_KEY = [DATA_KEY, 'series'] as const;

/** The name of the saved views' screen read, which every change to one asks again. */
const SAVED_VIEWS = 'saved-views';

/**
 * The chart's readings. While a new request is on its way the last answer
 * stays (drawn dimmed); an answer to a request no longer shown is dropped.
 */
export function chartDataQuery(request: GetChartDataByDateRequest | null, t: TFunction) {
  return queryOptions({
    queryKey: [...READINGS_KEY, request] as const,
    queryFn: request
      ? async () => {
          const answer = await api.getChartDataByDate(request);
          // A server that is not there (or a proxy's page) fails here, not deep in the chart.
          if (!answer || !Array.isArray(answer.series)) throw new Error(t('chart.noSeriesError'));
          return answer;
        }
      : skipToken,
    meta: livePointsAsked((asked: GetChartDataByDateRequest) => asked.dataPointIds),
    placeholderData: keepPreviousData,
  });
}

/** Which series the cost chart prices, over the period and in the bucket the readings were served for. */
export interface CostChartRequest {
  dataPointIds: number[];
  from: string;
  to: string;
  bucket: 'hour' | 'day' | 'month';
  measure: Measure;
}

/**
 * The priced series as what they cost (or the CO2 they brought) per bucket,
 * as chart series. Without a request (the readings still on their way) the
 * last cost chart stays, to be drawn dimmed rather than the readings.
 */
export function costChartQuery(request: CostChartRequest | null) {
  return queryOptions({
    queryKey: [...READINGS_KEY, request] as const,
    queryFn: request ? () => fetchCostChart(request) : skipToken,
    meta: { ...PRICED, ...livePointsAsked((asked: CostChartRequest) => asked.dataPointIds) },
    placeholderData: keepPreviousData,
  });
}

async function fetchCostChart(request: CostChartRequest): Promise<GetChartDataByDateResponse> {
  const { dataPointIds, from, to, bucket, measure } = request;
  const { points } =
    dataPointIds.length === 0
      ? { points: [] }
      : await api.tariffCostAndTime({ dataPointIds, from, to, bucket });
  const series = points
    .filter((cost) => cost.currency !== null)
    .map((cost) => costSeries(cost, measure, bucket));
  return { from, to, resolution: bucket, series };
}

/** The series whose cost and CO2 over the whole period the summary table shows. */
export interface PeriodCostsRequest {
  dataPointIds: number[];
  from: string;
  to: string;
}

/**
 * What each series cost over the period, by its own tariff. Tariffs change on
 * another screen, so it is never fresh for long; while the series change the
 * last answer stays. Without a request there is nothing to show, not the last.
 */
export function periodCostsQuery(request: PeriodCostsRequest | null) {
  return queryOptions<TariffCostAndTimeResponse>({
    queryKey: [...READINGS_KEY, request && { ...request, bucket: 'month' }] as const,
    queryFn: request ? () => api.tariffCostAndTime({ ...request, bucket: 'month' }) : skipToken,
    meta: PRICED,
    staleTime: 0,
    ...(request ? { placeholderData: keepPreviousData } : {}),
  });
}

/**
 * The data points to pick from, found by search text and tags. Under the data
 * points' key, so a point added here or anywhere else is listed at once.
 */
export function explorerPointsQuery(search: string, tags: readonly string[], t: TFunction) {
  return queryOptions({
    queryKey: [...DATA_POINTS_KEY, 'explorer', { search, tags }] as const,
    queryFn: () => fetchPoints(search, tags, t),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

async function fetchPoints(
  search: string,
  tags: readonly string[],
  t: TFunction,
): Promise<GetEntitesForDataExplorerResponse> {
  const answer = await api.getEntitesForDataExplorer({
    ...(search ? { search } : {}),
    ...(tags.length > 0 ? { tags: [...tags] } : {}),
  });
  // A server that is not there (or a proxy's page) fails here, not deep in the list.
  if (!answer || !Array.isArray(answer.dataPoints)) throw new Error(t('picker.noPointsError'));
  return { dataPoints: answer.dataPoints, tags: Array.isArray(answer.tags) ? answer.tags : [] };
}

/** The organisation's saved views. */
export function useSavedViewList(t: TFunction) {
  return useScreenQuery(SAVED_VIEWS, async (): Promise<SavedExplorer[]> => {
    const answer = await api.getDateExplorer();
    if (!answer || !Array.isArray(answer.explorers)) throw new Error(t('savedViews.noSavedError'));
    return answer.explorers;
  });
}

/** Saving, renaming or overwriting and deleting a saved view; each asks the list again. */
export function useSavedViewWrites() {
  return {
    add: useScreenMutation(api.addExplorer, [SAVED_VIEWS]),
    update: useScreenMutation(api.updateDataExplorer, [SAVED_VIEWS]),
    remove: useScreenMutation(api.deleteDataExplorer, [SAVED_VIEWS]),
  };
}

/**
 * Creates a virtual data point and answers it. Every list of data points is
 * then asked again (the picker's among them), and the mutation stays pending
 * until they have answered, so the new point is listed when the form closes.
 */
export function useAddVirtualPoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: VirtualDatapointRequest) => (await api.virtualDatapoint(request)).dataPoint,
    onSuccess: () => client.invalidateQueries({ queryKey: DATA_POINTS_KEY }),
  });
}

/** Reads a formula without saving it: what it adds up, and the kind and unit it comes to. Nothing changes. */
export function useCheckFormula() {
  return useMutation({ mutationFn: (formula: string) => api.virtualDatapointCheck({ formula }) });
}

/**
 * Writes what the chart shows to a file in object storage and answers where.
 * A mutation for its pending, failed and done states; no read here lists
 * exports, so there is nothing to ask again.
 */
export function useExportFile(t: TFunction) {
  return useMutation({
    mutationFn: async (request: GetChartDataByS3Request): Promise<GetChartDataByS3Response> => {
      const file = await api.getChartDataByS3(request);
      if (!file || typeof file.url !== 'string') throw new Error(t('export.noFile'));
      return file;
    },
  });
}
