import type { FixedPeriod } from '../../data/periods';
import type { PointScope } from '../../data/point-search';
import type { ReportFrame } from '../../engine/render/layout-view';
import type { Report, ReportRun } from '../../generated/api-types';
import {
  boundsOf,
  type PeriodBounds,
  periodBounds,
  previousPeriod,
  sameTimeLastYear,
} from '../../reports/report-period';

/**
 * What a report's widgets show: a run's period (pinned when it was queued),
 * or for a preview the report's period as of now, each compared with the
 * period before; and the report's scope.
 */
export function reportFrameOf(
  report: Pick<Report, 'period' | 'timeZone' | 'scope'>,
  run?: Pick<ReportRun, 'periodFrom' | 'periodTo'>,
  now = Date.now(),
): ReportFrame {
  const bounds = run
    ? boundsOf(Date.parse(run.periodFrom), Date.parse(run.periodTo), report.timeZone)
    : periodBounds(report.period, now, report.timeZone);
  return {
    period: fixedPeriodOf(
      bounds,
      previousPeriod(bounds, report.timeZone),
      sameTimeLastYear(bounds, report.timeZone),
    ),
    scope: scopeOf(report.scope),
  };
}

function fixedPeriodOf(bounds: PeriodBounds, previous: PeriodBounds, lastYear: PeriodBounds): FixedPeriod {
  const iso = (ms: number) => new Date(ms).toISOString();
  const pinned = (period: PeriodBounds) => ({
    from: iso(period.from),
    to: iso(period.to),
    firstDate: period.firstDate,
    lastDate: period.lastDate,
  });
  return { ...pinned(bounds), previous: pinned(previous), lastYear: pinned(lastYear) };
}

function scopeOf(scope: Report['scope']): PointScope {
  return scope.kind === 'sites' ? { siteIds: scope.siteIds } : { dataPointIds: scope.dataPointIds };
}
