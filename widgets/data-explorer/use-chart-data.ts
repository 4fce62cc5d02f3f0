import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { GetChartDataByDateRequest, GetChartDataByDateResponse } from '../../src/generated/api-types';
import { chartDataQuery } from './data';

export type ChartData =
  | { status: 'idle' }
  /** `shown` is the last answer, drawn dimmed until the new one arrives. */
  | { status: 'loading'; shown?: GetChartDataByDateResponse }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; data: GetChartDataByDateResponse };

/**
 * The series for a request, asked for again whenever the request changes;
 * `waiting` says a request is coming (the chart's width is not known yet).
 * `reload` asks for the same request again.
 */
export function useChartData(
  request: GetChartDataByDateRequest | null,
  waiting: boolean,
): { state: ChartData; reload: () => void } {
  const { t } = useTranslation('data-explorer');
  const query = useQuery(chartDataQuery(request, t));
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (!request) return { state: waiting ? { status: 'loading' } : { status: 'idle' }, reload };
  return { state: chartDataOf(query, t('chart.unknownError')), reload };
}

/**
 * A query of chart series as the chart shows it: the last request's answer
 * (a placeholder) dimmed while the new one loads, a failure once asking
 * again has ended.
 */
export function chartDataOf(
  query: UseQueryResult<GetChartDataByDateResponse>,
  unknownError: string,
): ChartData {
  if (query.isPlaceholderData) return { status: 'loading', shown: query.data };
  if (query.data !== undefined) return { status: 'loaded', data: query.data };
  if (query.isError && !query.isFetching)
    return { status: 'failed', message: query.error.message || unknownError };
  return { status: 'loading' };
}
