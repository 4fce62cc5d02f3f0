import { createContext, type ReactNode, useContext } from 'react';
import type { PointScope } from './point-search';

/**
 * What a report is about (its sites, or its data points), as its print and
 * preview give it around the layout: every live-data widget's points are
 * chosen within it, so one template serves any site. Dashboards give none.
 */
const PageScopeContext = createContext<PointScope | undefined>(undefined);

export function PageScopeProvider({ value, children }: { value?: PointScope; children: ReactNode }) {
  return <PageScopeContext value={value}>{children}</PageScopeContext>;
}

/** The request with the page's scope in it (and so in its query key); as it was outside a report. */
export function useScoped<Request extends { scope?: PointScope }>(request: Request): Request {
  const scope = useContext(PageScopeContext);
  return scope ? { ...request, scope } : request;
}
