import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { AlertPeriod, AlertSeverity } from '../generated/api-types';
import { idBatches } from './id-batches';
import { useRefetchInterval } from './page-period';
import { useScoped } from './page-scope';
import { isoWindow, type PeriodChoice, type TimeWindow, windowsOf } from './periods';
import { type PointScope, pointSearchQuery } from './point-search';
import { DATA_KEY } from './query-client';

/** alertPeriods takes at most this many data points at once. */
const POINTS_PER_ASK = 50;

export interface AlertSummaryRequest {
  period: PeriodChoice;
  /** A report's scope (page-scope.tsx): only its points' alerts. */
  scope?: PointScope;
}

/** One rule's alerts on one data point over the period. */
export interface RuleAlerts {
  ruleName: string;
  dataPointName: string;
  severity: AlertSeverity;
  /** How many of its alerts fired in the period. */
  count: number;
  /** How long they fired within the period, ms. */
  firingMs: number;
}

export interface AlertSummary {
  /** The data points looked at. */
  points: number;
  alerts: number;
  bySeverity: Record<AlertSeverity, number>;
  firingMs: number;
  /** Most alerts first, then longest firing. */
  rules: RuleAlerts[];
}

/**
 * The alerts that fired within a period on the data points of the page's
 * scope (all of the organisation's on a dashboard), by rule and severity,
 * with how long they fired inside the period: what an alert summary reports.
 */
export async function fetchAlertSummary(
  client: QueryClient,
  request: AlertSummaryRequest,
  now: Date = new Date(),
): Promise<AlertSummary> {
  const window = windowsOf(request.period, now).current;
  const points = await client.query(pointSearchQuery({ ...request.scope }));
  const stored = points.filter((point) => !point.virtual);
  const answers = await Promise.all(
    idBatches(stored, POINTS_PER_ASK).map((dataPointIds) =>
      api.alertPeriods({ dataPointIds, ...isoWindow(window) }),
    ),
  );
  const names = new Map(stored.map((point) => [point.id, point.name]));
  return summarise(
    answers.flatMap((answer) => answer.alerts),
    names,
    window,
    stored.length,
  );
}

function summarise(
  alerts: readonly AlertPeriod[],
  names: ReadonlyMap<number, string>,
  window: TimeWindow,
  points: number,
): AlertSummary {
  const bySeverity: Record<AlertSeverity, number> = { critical: 0, warning: 0, info: 0 };
  const rules = new Map<string, RuleAlerts>();
  let firingMs = 0;
  for (const alert of alerts) {
    const firing = firingWithin(alert, window);
    bySeverity[alert.severity] += 1;
    firingMs += firing;
    const key = `${alert.ruleName}\u0000${alert.dataPointId}`;
    const rule = rules.get(key) ?? {
      ruleName: alert.ruleName,
      dataPointName: names.get(alert.dataPointId) ?? `#${alert.dataPointId}`,
      severity: alert.severity,
      count: 0,
      firingMs: 0,
    };
    rule.count += 1;
    rule.firingMs += firing;
    rules.set(key, rule);
  }
  return {
    points,
    alerts: alerts.length,
    bySeverity,
    firingMs,
    rules: [...rules.values()].sort((a, b) => b.count - a.count || b.firingMs - a.firingMs),
  };
}

/** The part of an alert's firing inside the window: one still firing fires to the window's end. */
function firingWithin(alert: AlertPeriod, window: TimeWindow): number {
  const start = Math.max(Date.parse(alert.firedAt), window.from.getTime());
  const end = Math.min(
    alert.resolvedAt ? Date.parse(alert.resolvedAt) : Number.POSITIVE_INFINITY,
    window.to.getTime(),
  );
  return Math.max(0, end - start);
}

export function alertSummaryQuery(request: AlertSummaryRequest) {
  return queryOptions({
    queryKey: [DATA_KEY, 'alert-summary', request] as const,
    queryFn: ({ client }) => fetchAlertSummary(client, request),
  });
}

/** The alert summary of a period within the page's scope; fetched again as often as the page says. */
export function useAlertSummary(request: AlertSummaryRequest) {
  return useQuery({ ...alertSummaryQuery(useScoped(request)), refetchInterval: useRefetchInterval() });
}
