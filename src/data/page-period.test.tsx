import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { OCTOBER_2026 } from './fixed-period.test-helper';
import {
  type PagePeriod,
  PagePeriodProvider,
  pagePeriodOf,
  usePeriod,
  useRefetchInterval,
} from './page-period';

function onPage(page: PagePeriod) {
  return ({ children }: { children: ReactNode }) => (
    <PagePeriodProvider value={page}>{children}</PagePeriodProvider>
  );
}

describe('page period', () => {
  it('is read from a layout document, leaving out what the schema refuses', () => {
    expect(pagePeriodOf({ period: '7d', refreshSeconds: 60 })).toEqual({ period: '7d', refreshSeconds: 60 });
    expect(pagePeriodOf({ period: 'week', refreshSeconds: 5 })).toEqual({});
    expect(pagePeriodOf({ refreshSeconds: 45.5 })).toEqual({});
    expect(pagePeriodOf(undefined)).toEqual({});
  });

  it("gives a widget its own period first, then the page's, then its default", () => {
    const page = { wrapper: onPage({ period: '90d' }) };
    expect(renderHook(() => usePeriod('today', 'month'), page).result.current).toBe('today');
    expect(renderHook(() => usePeriod(undefined, 'month'), page).result.current).toBe('90d');
    expect(renderHook(() => usePeriod(undefined, 'month')).result.current).toBe('month');
  });

  it("gives a report's fixed period to every widget without one of its own, whatever periods it takes", () => {
    const fixed = OCTOBER_2026;
    const page = { wrapper: onPage({ period: '7d', fixed }) };
    expect(renderHook(() => usePeriod(undefined, 'month'), page).result.current).toBe(fixed);
    expect(renderHook(() => usePeriod<'30d'>(undefined, '30d', ['30d']), page).result.current).toBe(fixed);
    expect(renderHook(() => usePeriod('today', 'month'), page).result.current).toBe('today');
  });

  it('keeps a widget on its default when the page period is not one it takes', () => {
    const page = { wrapper: onPage({ period: 'today' }) };
    const allowed = ['7d', '30d'] as const;
    expect(renderHook(() => usePeriod<'7d' | '30d'>(undefined, '30d', allowed), page).result.current).toBe(
      '30d',
    );
  });

  it("turns the page's refreshSeconds into a refetch interval, and none without it", () => {
    expect(renderHook(useRefetchInterval, { wrapper: onPage({ refreshSeconds: 30 }) }).result.current).toBe(
      30_000,
    );
    expect(renderHook(useRefetchInterval).result.current).toBe(false);
  });
});
