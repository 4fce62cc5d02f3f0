import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type FixedPeriod, isPeriodName, type PeriodName } from './periods';

/**
 * What a page says about the time its live-data widgets show, as a
 * dashboard's time range reaches its panels: a period they inherit and how
 * often their data is fetched again.
 */
export interface PagePeriod {
  period?: PeriodName;
  refreshSeconds?: number;
  /**
   * A report's period, pinned by its run: it stands in for the page's named
   * period, so every widget without one of its own shows the report's.
   */
  fixed?: FixedPeriod;
}

/** The schema's floor: more often than this would load the server for little news. */
const MIN_REFRESH_SECONDS = 30;

const PagePeriodContext = createContext<PagePeriod>({});

/** Given by the page renderer around a page's rows; a widget outside any page sees no page period. */
export function PagePeriodProvider({ value, children }: { value: PagePeriod; children: ReactNode }) {
  const { period, refreshSeconds, fixed } = value;
  // A new object every render would re-render every widget of the page.
  const stable = useMemo(() => ({ period, refreshSeconds, fixed }), [period, refreshSeconds, fixed]);
  return <PagePeriodContext value={stable}>{children}</PagePeriodContext>;
}

/**
 * The page period of a layout document. The document may have issues (the
 * page still renders), so a value the schema refuses is left out rather than
 * reaching the widgets.
 */
export function pagePeriodOf(document: unknown): PagePeriod {
  const { period, refreshSeconds } = (document ?? {}) as { period?: unknown; refreshSeconds?: unknown };
  return {
    ...(isPeriodName(period) ? { period } : {}),
    ...(Number.isInteger(refreshSeconds) && (refreshSeconds as number) >= MIN_REFRESH_SECONDS
      ? { refreshSeconds: refreshSeconds as number }
      : {}),
  };
}

export function usePagePeriod(): PagePeriod {
  return useContext(PagePeriodContext);
}

/**
 * Whether the page is a report (its print or its preview): a widget leaves
 * out what only a screen can use, such as buttons to zoom or replay.
 */
export function useInReport(): boolean {
  return usePagePeriod().fixed !== undefined;
}

/**
 * The period a widget shows: its own when its props pin one, else the
 * page's (a report's fixed period first), else its default. `allowed` lists
 * the named periods the widget takes when not all (a heatmap of hours of the
 * week has no "today"); a page period outside it falls back to the default.
 */
export function usePeriod<P extends PeriodName>(
  own: P | undefined,
  fallback: P,
  allowed?: readonly P[],
): P | FixedPeriod {
  const { period: page, fixed } = usePagePeriod();
  if (own) return own;
  if (fixed) return fixed;
  if (page && (!allowed || (allowed as readonly PeriodName[]).includes(page))) return page as P;
  return fallback;
}

/** TanStack Query's refetchInterval for the page's data: its refreshSeconds, or none. */
export function useRefetchInterval(): number | false {
  const { refreshSeconds } = usePagePeriod();
  return refreshSeconds ? refreshSeconds * 1000 : false;
}
