import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../tests/api/answers';
import { type ApiCall, callsTo, useApi } from '../../../tests/api/test-server';
import { renderInApp } from '../../../tests/render';
import { periodWindows } from '../../data/periods';
import { knownWidgetNames, loadDataValidators } from '../validation/compiled-validators';
import { LayoutView } from './layout-view';

// As a page from layouts/ has them, fetched with its widgets (useLayoutFile).
beforeAll(() => loadDataValidators(knownWidgetNames));

afterEach(() => {
  vi.clearAllMocks();
});

const DAY = 86_400_000;

/** A page of one kpi: electricity in kWh, its period left to the page unless `data` pins one. */
function kpiPage(page: Record<string, unknown>, data: Record<string, unknown> = {}) {
  return {
    schemaVersion: 2,
    id: 'test',
    title: 'Test page',
    ...page,
    rows: [
      {
        key: 'r1',
        columns: [
          {
            key: 'c1',
            span: 12,
            cards: [
              {
                key: 'k1',
                widgets: [
                  {
                    key: 'w1',
                    name: 'kpi',
                    data: { label: 'Electricity', intent: 'electricity', unit: 'kWh', ...data },
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The KPI's total, and its meters (the points the live stream follows). */
function useUsageAnswer(): ApiCall[] {
  return useApi(
    answer('usage', { unit: 'kWh', total: 120, ranking: [] }),
    answer('getEntitesForDataExplorer', { dataPoints: [], tags: [] }),
  );
}

/** The window of the current period: of the two usage requests (now and before), the later one. */
async function currentWindow(calls: ApiCall[]): Promise<{ from: number; to: number }> {
  await waitFor(() => expect(callsTo(calls, 'usage')).toHaveLength(2));
  const windows = callsTo(calls, 'usage').map(({ request: { from, to } }) => ({
    from: Date.parse(from),
    to: Date.parse(to),
  }));
  return windows.reduce((later, window) => (window.from > later.from ? window : later));
}

describe('the page period', () => {
  it('reaches a widget that has none of its own', async () => {
    const calls = useUsageAnswer();
    renderInApp(<LayoutView source={{ document: kpiPage({ period: '7d' }) }} origin="test" />);
    const { from, to } = await currentWindow(calls);
    expect(to - from).toBe(7 * DAY);
    expect(Math.abs(to - Date.now())).toBeLessThan(60_000);
    expect(await screen.findByText('vs the 7 days before')).toBeTruthy();
  });

  it('gives way to a period the widget pins', async () => {
    const calls = useUsageAnswer();
    renderInApp(
      <LayoutView source={{ document: kpiPage({ period: '7d' }, { period: 'month' }) }} origin="test" />,
    );
    const { from } = await currentWindow(calls);
    expect(from).toBe(periodWindows('month').current.from.getTime());
    expect(await screen.findByText('vs last month')).toBeTruthy();
  });

  it('leaves each widget its own default on a page without one', async () => {
    const calls = useUsageAnswer();
    renderInApp(<LayoutView source={{ document: kpiPage({}) }} origin="test" />);
    const { from } = await currentWindow(calls);
    // The kpi's default is this month.
    expect(from).toBe(periodWindows('month').current.from.getTime());
  });

  it('fetches the page again every refreshSeconds', async () => {
    const calls = useUsageAnswer();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderInApp(
        <LayoutView source={{ document: kpiPage({ period: 'today', refreshSeconds: 30 }) }} origin="test" />,
      );
      await waitFor(() => expect(callsTo(calls, 'usage')).toHaveLength(2));
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(callsTo(calls, 'usage')).toHaveLength(4));
    } finally {
      vi.useRealTimers();
    }
  });
});
