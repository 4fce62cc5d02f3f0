import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { AlertPeriodsRequest, AlertsRequest, ThresholdReplayRequest } from '../generated/api-types';
import { DATA_KEY } from './query-client';

/** Alerts, rules and notifications change together: a write to one asks all of them again. */
const ALERTS_KEY = [DATA_KEY, 'alerts'] as const;

/** How often the bell asks again: alerts fire on the server, between anything this tab does. */
const NOTIFICATIONS_REFRESH_MS = 30_000;

/** The signed-in member's notifications and unread count, asked again every half minute and on return to the tab. */
export function notificationsQuery() {
  return queryOptions({
    queryKey: [...ALERTS_KEY, 'notifications'] as const,
    queryFn: () => api.notifications({}),
    // The live stream asks again as soon as the rules notify; the interval covers a stream that is down.
    meta: { liveNotifications: true },
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

export function useNotifications() {
  return useQuery(notificationsQuery());
}

/** The organisation's alerts, open ones unless asked for all. */
export function alertsQuery(request: AlertsRequest = {}) {
  return queryOptions({
    queryKey: [...ALERTS_KEY, 'alerts', request] as const,
    queryFn: () => api.alerts(request),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

/** When the alerts of some data points' rules fired within a period: what a chart marks. */
export function alertPeriodsQuery(request: AlertPeriodsRequest) {
  return queryOptions({
    queryKey: [...ALERTS_KEY, 'periods', request] as const,
    queryFn: () => api.alertPeriods(request),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

/** The organisation's alert rules, each with whether it has an alert open. */
export function thresholdsQuery() {
  return queryOptions({
    queryKey: [...ALERTS_KEY, 'rules'] as const,
    queryFn: () => api.thresholds({}),
  });
}

/** A rule judged over past readings: what it would have fired; a read, though it is sent as a POST. */
export function replayQuery(request: ThresholdReplayRequest) {
  return queryOptions({
    queryKey: [...ALERTS_KEY, 'replay', request] as const,
    queryFn: () => api.thresholdReplay(request),
  });
}

/** A write about alerts, after which every alert, rule and notification on screen is asked again. */
function useAlertsMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** Marks the member's notifications read: those named, or all. */
export function useMarkNotificationsRead() {
  return useAlertsMutation((ids?: number[]) => api.notificationsRead(ids ? { ids } : {}));
}

export function useAcknowledgeAlert() {
  return useAlertsMutation((id: number) => api.alertAcknowledge({ id }));
}

export function useSnoozeAlert() {
  return useAlertsMutation(api.alertSnooze);
}

export function useCommentOnAlert() {
  return useAlertsMutation(api.alertComment);
}

export function useCreateRule() {
  return useAlertsMutation(api.thresholdCreate);
}

export function useUpdateRule() {
  return useAlertsMutation(api.thresholdUpdate);
}

export function useDeleteRule() {
  return useAlertsMutation(api.thresholdDelete);
}
