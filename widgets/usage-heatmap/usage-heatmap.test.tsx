import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UsageCell } from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import { cellColor, toGrid } from './cells';
import UsageHeatmapWidget from './index';

afterEach(() => {
  vi.clearAllMocks();
});

/** 168 cells: more on weekdays in office hours, nothing recorded on Sunday nights. */
function weekCells(): UsageCell[] {
  const cells: UsageCell[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const mean = weekday === 7 && hour < 6 ? null : weekday <= 5 && hour >= 8 && hour < 18 ? 40 : 10;
      cells.push({ weekday, hour, mean: weekday === 2 && hour === 10 ? 55.5 : mean });
    }
  }
  return cells;
}

describe('usage heatmap', () => {
  it('colours each hour of the week, labels every cell and leaves hours without data empty', async () => {
    const calls = useApi(answer('usage', { unit: 'kWh', total: 1000, cells: weekCells() }));
    renderInApp(<UsageHeatmapWidget data={{}} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByText('Monday 09:00–10:00: 40 kWh')).toBeTruthy();
    expect(within(table).getByText('Sunday 03:00–04:00: no data')).toBeTruthy();
    const empty = table.querySelectorAll('td[data-empty]');
    expect(empty).toHaveLength(6);
    expect(screen.getByText(/Busiest: Tuesday 10:00–11:00, 55\.5 kWh/)).toBeTruthy();
    expect(
      screen.getByText('Mean kWh per hour of the week, the last 30 days', { selector: 'p' }),
    ).toBeTruthy();
    expect(callsTo(calls, 'usage')[0]?.request).toMatchObject({
      by: 'hourOfWeek',
      unit: 'kWh',
      intent: 'electricity',
    });
  });

  it('looks named data points up and asks for those only, in their unit', async () => {
    const calls = useApi(
      answer('getEntitesForDataExplorer', {
        dataPoints: [
          {
            id: 12,
            name: 'Gas (London)',
            unit: 'm³',
            kind: 'cumulative',
            intent: 'gas',
            virtual: false,
            formula: null,
            entityId: 3,
            path: ['London – Clerkenwell Office'],
            tags: [],
            lastTs: null,
          },
        ],
        tags: [],
      }),
      answer('usage', { unit: 'm³', total: 0, cells: [] }),
    );
    renderInApp(<UsageHeatmapWidget data={{ dataPoints: ['Gas (London)'], period: '90d' }} />);
    expect(await screen.findByText('No consumption recorded the last 90 days.')).toBeTruthy();
    const request = callsTo(calls, 'usage')[0]?.request;
    expect(request).toMatchObject({ by: 'hourOfWeek', unit: 'm³', dataPointIds: [12] });
    expect(request?.intent).toBeUndefined();
  });

  it('shows a failure with a way to try again', async () => {
    useApi(failWith('usage', 503, 'try later'));
    renderInApp(<UsageHeatmapWidget data={{ intent: 'water', unit: 'm³' }} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Water by hour could not be loaded: try later',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('heatmap cells', () => {
  it('places cells by weekday and hour and keeps null as no value', () => {
    const grid = toGrid([
      { weekday: 1, hour: 0, mean: 3 },
      { weekday: 7, hour: 23, mean: null },
    ]);
    expect(grid[0]?.[0]).toBe(3);
    expect(grid[6]?.[23]).toBeNull();
    expect(grid.flat().filter((value) => value !== null)).toHaveLength(1);
  });

  it("runs from the theme's low end to its high end, whichever the colour mode", () => {
    expect(cellColor(0, 0, 10)).toBe(
      'color-mix(in oklab, var(--chakra-colors-heat-high) 0%, var(--chakra-colors-heat-low))',
    );
    expect(cellColor(7.5, 0, 10)).toBe(
      'color-mix(in oklab, var(--chakra-colors-heat-high) 75%, var(--chakra-colors-heat-low))',
    );
  });
});
