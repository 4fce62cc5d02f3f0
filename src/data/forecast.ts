import { queryOptions } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type {
  ForecastAnomaliesRequest,
  ForecastRequest,
  ForecastSavingsRequest,
} from '../generated/api-types';
import { DAY_MS } from '../time/civil-time';
import { DATA_KEY } from './query-client';

const HORIZON_DAYS = { day: 1, week: 7 } as const;

/** What a person picks on the forecast screen, before it is a request. */
export interface ForecastChoice {
  dataPointId: number;
  /** Weeks of history the model learns from. */
  trainingWeeks: number;
  /** Forecast the days just past (to see it beside the readings) or the days ahead. */
  target: 'past' | 'ahead';
  horizon: 'day' | 'week';
  resolution: 'hour' | 'day';
}

/**
 * The request for a choice: training up to today's local midnight to forecast
 * ahead, or up to the horizon's length before it to forecast the days just
 * past, whose readings show how the model fared.
 */
export function forecastRequest(choice: ForecastChoice, now: Date = new Date()): ForecastRequest {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const trainTo = choice.target === 'ahead' ? midnight : midnight - HORIZON_DAYS[choice.horizon] * DAY_MS;
  return {
    dataPointId: choice.dataPointId,
    trainFrom: new Date(trainTo - choice.trainingWeeks * 7 * DAY_MS).toISOString(),
    trainTo: new Date(trainTo).toISOString(),
    horizon: choice.horizon,
    resolution: choice.resolution,
  };
}

/**
 * A forecast is fitted on the server's worker for each request: the same
 * request within the hour is answered from here, as the readings it learnt
 * from have hardly moved.
 */
const FORECAST_STALE_MS = 60 * 60_000;

export function forecastQuery(request: ForecastRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'forecast', request] as const,
    queryFn: () => api.forecast(request),
    staleTime: FORECAST_STALE_MS,
  });
}

/** What a person picks on the savings screen: the point, the weeks measured up to today, and the weeks before them learnt from. */
export interface SavingsChoice {
  dataPointId: number;
  baselineWeeks: number;
  reportingWeeks: number;
}

/** The reporting period ends at today's local midnight; the baseline is the weeks just before it. */
export function savingsRequest(choice: SavingsChoice, now: Date = new Date()): ForecastSavingsRequest {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const reportingFrom = midnight - choice.reportingWeeks * 7 * DAY_MS;
  return {
    dataPointId: choice.dataPointId,
    baselineFrom: new Date(reportingFrom - choice.baselineWeeks * 7 * DAY_MS).toISOString(),
    baselineTo: new Date(reportingFrom).toISOString(),
    reportingFrom: new Date(reportingFrom).toISOString(),
    reportingTo: new Date(midnight).toISOString(),
  };
}

export function savingsQuery(request: ForecastSavingsRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'forecast-savings', request] as const,
    queryFn: () => api.forecastSavings(request),
    staleTime: FORECAST_STALE_MS,
  });
}

/** The points and period the explorer shows, checked against each point's forecast from the weeks before. */
export function anomaliesQuery(request: ForecastAnomaliesRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'forecast-anomalies', request] as const,
    queryFn: () => api.forecastAnomalies(request),
    staleTime: FORECAST_STALE_MS,
  });
}
