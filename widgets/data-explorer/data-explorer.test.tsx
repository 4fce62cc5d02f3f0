import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PointCost, SavedExplorer } from '../../src/generated/api-types';
import { answer, failWith, neverAnswer } from '../../tests/api/answers';
import { type ApiCall, callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { costBucket, pointCost } from '../../tests/fixtures/point-costs';
import { renderInApp } from '../../tests/render';
import DataExplorer from './index';
import { chartAnswer, HOUR, POINTS, T0 } from './test-fixtures';
import { VirtualPointForm } from './virtual-point-form';

// An editor, the lowest role that may save views and create virtual points; the tests of a viewer sign in as one.
beforeEach(() => {
  signInToSession({ role: 'editor' });
});
afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

/** The explorer's API: the points found by search and tag, their series, no saved views; the handlers given answer first. */
function useExplorerApi(...first: HttpHandler[]): ApiCall[] {
  return useApi(
    ...first,
    answer('getEntitesForDataExplorer', ({ search = '', tags = [] }) => {
      const needle = search.toLowerCase();
      return {
        dataPoints: POINTS.filter(
          (point) =>
            (!needle || point.name.toLowerCase().includes(needle)) &&
            tags.every((tag) => point.tags.includes(tag)),
        ),
        tags: ['comfort', 'hvac', 'metering'],
      };
    }),
    answer('getChartDataByDate', chartAnswer),
    answer('getDateExplorer', { explorers: [] }),
    answer('tariffCostAndTime', ({ dataPointIds = [] }) => ({ points: dataPointIds.map(unpriced) })),
    answer('alertPeriods', { alerts: [] }),
  );
}

/** A data point's cost where no tariff prices it. */
function unpriced(dataPointId: number): PointCost {
  return pointCost(dataPointId, `Point ${dataPointId}`, [], null, 100);
}

/** A saved view of the organisation's: the plant room's two meters by day over 30 days. */
const plantRoom: SavedExplorer = {
  id: 7,
  name: 'Plant room',
  view: { dataPointIds: [1, 2], range: '30d', resolution: 'day', compare: true },
  createdBy: 'Ann',
  updatedAt: '2026-03-01T00:00:00Z',
};

function render(query = '') {
  return renderInApp(<DataExplorer data={{}} />, { route: `/data/explorer${query}` });
}

/** The chart requests made so far, in order. */
const chartRequests = (calls: ApiCall[]) => callsTo(calls, 'getChartDataByDate').map((call) => call.request);
const chart = () => screen.getByTestId('explorer-chart');

// Each test renders the whole explorer: 3 to 5.5 s in jsdom on a busy machine (0.4 to 1 s in happy-dom), more than the default 5 s.
describe('data explorer', { timeout: 15_000 }, () => {
  it('lists the data points grouped by their place, and picking some requests their series', async () => {
    const calls = useExplorerApi();
    render();
    const plantRoom = await screen.findByRole('group', { name: 'HQ › Plant room' });
    expect(within(plantRoom).getByText('Main meter')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'HQ › Office' })).getByText('Office temperature'),
    ).toBeTruthy();
    expect(chartRequests(calls)).toEqual([]);
    expect(chart().dataset.state).toBe('idle');

    fireEvent.click(within(plantRoom).getByRole('checkbox', { name: /Main meter/ }));
    fireEvent.click(within(plantRoom).getByRole('checkbox', { name: /Chillers/ }));
    await waitFor(() => expect(chartRequests(calls).length).toBeGreaterThanOrEqual(2));
    const body = chartRequests(calls).at(-1);
    if (!body) throw new Error('no chart request');
    expect(body.dataPointIds).toEqual([1, 2]);
    expect(body.resolution).toBe('auto');
    expect(body.compare).toBe(false);
    expect(body.aggregate).toBeUndefined();
    expect(body.width).toBeGreaterThanOrEqual(50);
    expect(body.width).toBeLessThanOrEqual(4000);
    // The last 7 days, ending now, as ISO instants.
    const span = Date.parse(body.to) - Date.parse(body.from);
    expect(span).toBe(7 * 24 * HOUR);
    expect(Math.abs(Date.parse(body.to) - Date.now())).toBeLessThan(60_000);
    expect(screen.getByTestId('location').textContent).toBe('/data/explorer');
    await waitFor(() => expect(chart().dataset.state).toBe('painted'));
  });

  it('filters by search text and by tag on the server', async () => {
    const calls = useExplorerApi();
    render();
    await screen.findByText('Main meter');
    fireEvent.click(screen.getByRole('button', { name: 'comfort' }));
    await waitFor(() => expect(screen.queryByText('Main meter')).toBeNull());
    expect(screen.getByText('Office temperature')).toBeTruthy();
    expect(callsTo(calls, 'getEntitesForDataExplorer').at(-1)?.request).toEqual({ tags: ['comfort'] });
    fireEvent.click(screen.getByRole('button', { name: 'comfort' }));
    await screen.findByText('Main meter');
    fireEvent.change(screen.getByLabelText('Search data points'), { target: { value: 'chill' } });
    await waitFor(() => expect(screen.queryByText('Main meter')).toBeNull(), { timeout: 2000 });
    expect(screen.getByText('Chillers')).toBeTruthy();
    expect(callsTo(calls, 'getEntitesForDataExplorer').at(-1)?.request).toEqual({ search: 'chill' });
  });

  it('draws a null as a gap in the line, never as a zero', async () => {
    useExplorerApi();
    render('?points=1');
    const panel = await screen.findByRole('group', { name: 'Chart in kWh' });
    await waitFor(() => expect(panel.querySelector('path[data-series="1"]')).not.toBeNull());
    const path = panel.querySelector('path[data-series="1"]')?.getAttribute('d') ?? '';
    // 1200.5, null, 1310, 1250.25: two pieces of line, each starting with a move.
    expect(path.match(/M/g)?.length).toBe(2);
    // No point sits on the zero line: every y is within the plotted values' range.
    const ys = [...path.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((match) => Number(match[2]));
    expect(ys).toHaveLength(3);
    const plotHeight = 260 - 12 - 36;
    for (const y of ys) expect(y).toBeLessThan(plotHeight);
  });

  it('draws one panel per unit, all over the same period', async () => {
    useExplorerApi();
    render('?points=1,3,2');
    const kwh = await screen.findByRole('group', { name: 'Chart in kWh' });
    const celsius = screen.getByRole('group', { name: 'Chart in °C' });
    expect(screen.getAllByRole('group', { name: /^Chart in / })).toHaveLength(2);
    await waitFor(() => expect(kwh.querySelectorAll('path[data-series]')).toHaveLength(2));
    expect(celsius.querySelectorAll('path[data-series]')).toHaveLength(1);
    expect(within(kwh).getByText('Main meter')).toBeTruthy();
    expect(within(kwh).getByText('Chillers')).toBeTruthy();
    expect(within(celsius).getByText('Office temperature')).toBeTruthy();
  });

  it("marks when the charted points' alerts fired on their own panel, and lists them in words", async () => {
    const calls = useExplorerApi(
      answer('alertPeriods', {
        alerts: [
          {
            id: 4,
            ruleName: 'Main meter over budget',
            dataPointId: 1,
            severity: 'critical',
            firedAt: new Date(T0 + HOUR).toISOString(),
            resolvedAt: new Date(T0 + 2 * HOUR).toISOString(),
          },
          {
            id: 5,
            ruleName: 'Office too warm',
            dataPointId: 3,
            severity: 'info',
            firedAt: new Date(T0 + 3 * HOUR).toISOString(),
            resolvedAt: null,
          },
        ],
      }),
    );
    render('?points=1,3');
    const kwh = await screen.findByRole('group', { name: 'Chart in kWh' });
    const celsius = screen.getByRole('group', { name: 'Chart in °C' });
    const list = await screen.findByRole('region', { name: 'Alerts in this period' });
    expect(within(list).getByText('Main meter over budget')).toBeTruthy();
    expect(within(list).getByText(/still firing$/)).toBeTruthy();
    expect(callsTo(calls, 'alertPeriods')[0]?.request).toEqual({
      dataPointIds: [1, 3],
      from: new Date(T0).toISOString(),
      to: new Date(T0 + 4 * HOUR).toISOString(),
    });
    // Each on its own point's panel: the budget's hour is the second quarter of the plot, the warmth's runs to its end.
    const [band] = within(kwh).getAllByTestId('alert-band');
    expect(within(kwh).getAllByTestId('alert-band')).toHaveLength(1);
    expect(band?.dataset.rule).toBe('Main meter over budget');
    const warm = within(celsius).getByTestId('alert-band');
    expect(warm.dataset.rule).toBe('Office too warm');
    const plot = (element: HTMLElement) => ({
      left: Number.parseFloat(element.style.left),
      width: Number.parseFloat(element.style.width),
    });
    const budget = plot(band as HTMLElement);
    const warmth = plot(warm);
    expect(budget.width).toBeCloseTo(warmth.width, 0);
    expect(warmth.left - budget.left).toBeCloseTo(2 * budget.width, 0);
  });

  it("says when the period's alerts could not be loaded, and keeps the chart", async () => {
    useExplorerApi(failWith('alertPeriods', 500));
    render('?points=1');
    await screen.findByRole('group', { name: 'Chart in kWh' });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The alerts of this period could not be loaded/,
    );
  });

  it('summarises each series with figures in its unit and its coverage', async () => {
    useExplorerApi();
    render('?points=1,3');
    const table = await screen.findByRole('table', { name: 'Summary of each series' });
    const main = within(table).getByText('Main meter').closest('tr') as HTMLElement;
    expect(within(main).getByText('1,200.5 kWh')).toBeTruthy();
    expect(within(main).getByText('1,310 kWh')).toBeTruthy();
    expect(within(main).getByText('3,760.75 kWh')).toBeTruthy();
    expect(within(main).getByText('75.0 %')).toBeTruthy();
    expect(within(main).getByText('sum')).toBeTruthy();
    const office = within(table).getByText('Office temperature').closest('tr') as HTMLElement;
    expect(within(office).getByText('21.25 °C')).toBeTruthy();
    expect(within(office).getByText('average')).toBeTruthy();
    // A total of a temperature means nothing: a dash, not a zero.
    expect(within(office).getAllByText('–').length).toBeGreaterThan(0);
  });

  it('shows what each meter cost over the period by its tariff, and says which have none', async () => {
    const calls = useExplorerApi(
      answer('tariffCostAndTime', ({ dataPointIds = [] }) => ({
        points: dataPointIds.map((id) => {
          if (id === 1)
            return { ...unpriced(1), tariffId: 3, currency: 'EUR', total: 902.4, co2Kg: 751.2, unpriced: 0 };
          // A virtual point is priced by its inputs' tariffs: a currency, and no tariff of its own.
          if (id === 4) return { ...unpriced(4), currency: 'EUR', total: 300.5, co2Kg: 250, unpriced: 0 };
          return unpriced(id);
        }),
      })),
    );
    render('?points=1,2,3,4');
    const table = await screen.findByRole('table', { name: 'Summary of each series' });
    expect(within(table).queryByRole('columnheader', { name: 'Cost' })).toBeNull();
    expect(callsTo(calls, 'tariffCostAndTime')).toHaveLength(0);
    fireEvent.click(screen.getByText('Cost and CO₂'));
    const main = within(table).getByText('Main meter').closest('tr') as HTMLElement;
    expect(await within(main).findByText('902.40 EUR')).toBeTruthy();
    expect(within(main).getByText('751 kg CO₂')).toBeTruthy();
    const chillers = within(table).getByText('Chillers').closest('tr') as HTMLElement;
    expect(within(chillers).getByText('no tariff')).toBeTruthy();
    const baseLoad = within(table).getByText('Base load').closest('tr') as HTMLElement;
    expect(within(baseLoad).getByText('300.50 EUR')).toBeTruthy();
    // A temperature is not consumption: it is not priced, nor asked for.
    const asked = callsTo(calls, 'tariffCostAndTime').map((call) => call.request.dataPointIds);
    expect(asked.at(-1)).toEqual([1, 2, 4]);
  });

  it('draws what each meter cost per hour by its tariff in place of its readings, and says which have none', async () => {
    const calls = useExplorerApi(
      answer('tariffCostAndTime', ({ dataPointIds = [] }) => ({
        points: dataPointIds.map((id) =>
          id === 1
            ? pointCost(
                1,
                'Main meter',
                [T0, T0 + HOUR, T0 + 2 * HOUR].map((start, index) =>
                  costBucket(start, [240.1, 262, 250.05][index] as number),
                ),
                { currency: 'EUR' },
              )
            : unpriced(id),
        ),
      })),
    );
    render('?points=1,2,3&measure=cost');
    expect(await screen.findByRole('group', { name: 'Chart in EUR' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Chart in kWh' })).toBeNull();
    const table = await screen.findByRole('table', { name: 'Summary of each series' });
    const main = within(table).getByText('Main meter').closest('tr') as HTMLElement;
    expect(within(main).getByText('752.15 EUR')).toBeTruthy();
    expect(screen.getByText('1 series without a tariff is not drawn.')).toBeTruthy();
    // The temperature has no cost: only the two meters are priced, over the period the readings were served for.
    const [asked] = callsTo(calls, 'tariffCostAndTime').map((call) => call.request);
    expect(asked).toEqual({
      dataPointIds: [1, 2],
      from: new Date(T0).toISOString(),
      to: new Date(T0 + 4 * HOUR).toISOString(),
      bucket: 'hour',
    });
  });

  it('says when costs could not be loaded, and keeps the chart', async () => {
    useExplorerApi(failWith('tariffCostAndTime', 500, 'database unavailable'));
    render('?points=1&costs=1');
    expect(await screen.findByText('Costs could not be loaded: database unavailable')).toBeTruthy();
    await waitFor(() => expect(chart().dataset.state).toBe('painted'));
  });

  it('compares with the previous period: dashed lines and the previous total with the change', async () => {
    const calls = useExplorerApi();
    render('?points=2');
    await screen.findByRole('table', { name: 'Summary of each series' });
    fireEvent.click(screen.getByText('Compare with the previous period'));
    await waitFor(() => expect(chartRequests(calls).at(-1)?.compare).toBe(true));
    const panel = await screen.findByRole('group', { name: 'Chart in kWh' });
    await waitFor(() => expect(panel.querySelector('path[data-series="2:previous"]')).not.toBeNull());
    expect(panel.querySelector('path[data-series="2:previous"]')?.getAttribute('stroke-dasharray')).toBe(
      '6 4',
    );
    expect(panel.querySelector('path[data-series="2"]')?.getAttribute('stroke-dasharray')).toBeNull();
    // The summary follows the chart, in a render of its own.
    await waitFor(() => {
      const row = within(screen.getByRole('table')).getByText('Chillers').closest('tr') as HTMLElement;
      expect(within(row).getByText('832.5 kWh')).toBeTruthy();
      expect(within(row).getByText('+100.0 %')).toBeTruthy();
    });
    expect(screen.getByTestId('location').textContent).toBe('/data/explorer');
  });

  it('names at most 16 series in a chart legend and says how many more the summary lists', async () => {
    useExplorerApi();
    const ids = Array.from({ length: 20 }, (_, index) => 101 + index);
    render(`?points=${ids.join(',')}`);
    const panel = await screen.findByRole('group', { name: 'Chart in kWh' });
    expect(within(panel).getByText('Point 116')).toBeTruthy();
    expect(within(panel).queryByText('Point 117')).toBeNull();
    expect(within(panel).getByText('and 4 more, each in the summary below')).toBeTruthy();
    const summary = await screen.findByRole('table', { name: 'Summary of each series' });
    await waitFor(() => expect(within(summary).getByText('Point 120')).toBeTruthy());
  });

  it('keeps the last chart on screen, dimmed, while the next period loads', async () => {
    useExplorerApi();
    render('?points=1');
    await screen.findByRole('group', { name: 'Chart in kWh' });
    await waitFor(() => expect(chart().dataset.state).toBe('painted'));
    useApi(neverAnswer('getChartDataByDate'));
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(chart().getAttribute('aria-busy')).toBe('true'));
    expect(within(chart()).getByRole('group', { name: 'Chart in kWh' })).toBeTruthy();
    await waitFor(() => expect(chart().dataset.state).toBe('loading'));
  });

  it('shows why a chart request failed, where the chart would be, and tries again', async () => {
    useExplorerApi(failWith('getChartDataByDate', 400, 'The period may span at most 20 years.'));
    render('?points=1');
    const alert = await within(await screen.findByTestId('explorer-chart')).findByRole('alert');
    expect(alert.textContent).toContain('The period may span at most 20 years.');
    // The container's state follows in an effect after the alert is drawn.
    await waitFor(() => expect(chart().dataset.state).toBe('failed'));
    // Everything else stays usable.
    expect(screen.getByText('Main meter')).toBeTruthy();
    useApi(answer('getChartDataByDate', chartAnswer));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Chart in kWh' })).toBeTruthy();
  });

  it('exports what the chart shows as CSV or XLSX and offers the file', async () => {
    const calls = useExplorerApi(
      answer('getChartDataByS3', ({ format }) => ({
        url: `/files/EXPORTS/abc.${format}`,
        fileName: 'main-meter.csv',
        rows: 4,
        bytes: 2048,
      })),
    );
    render('?points=1&res=hour&agg=max');
    await screen.findByRole('group', { name: 'Chart in kWh' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const link = await screen.findByRole('link', { name: 'Download main-meter.csv' });
    expect(link.getAttribute('href')).toBe('/files/EXPORTS/abc.csv');
    const exported = callsTo(calls, 'getChartDataByS3')[0]?.request;
    const charted = chartRequests(calls).at(-1);
    expect(exported).toEqual({
      dataPointIds: [1],
      from: charted?.from,
      to: charted?.to,
      resolution: 'hour',
      aggregate: 'max',
      format: 'csv',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() =>
      expect(callsTo(calls, 'getChartDataByS3').at(-1)?.request).toMatchObject({ format: 'xlsx' }),
    );
  });

  it('says why an export failed next to the buttons', async () => {
    useExplorerApi(failWith('getChartDataByS3', 503, 'Object storage is not reachable.'));
    render('?points=1');
    await screen.findByRole('group', { name: 'Chart in kWh' });
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    const section = screen.getByRole('region', { name: 'Export' });
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'Object storage is not reachable.',
    );
  });

  it('zooms into a brushed stretch and resets back to the preset', async () => {
    const calls = useExplorerApi();
    render('?points=1&range=30d');
    const panel = await screen.findByRole('group', { name: 'Chart in kWh' });
    const brush = within(panel).getByTestId('explorer-brush');
    // The plot spans x 64 to 944 of a 960 px chart: a quarter to three quarters of it.
    fireEvent.pointerDown(brush, { clientX: 64 + 220, button: 0, pointerId: 1 });
    fireEvent.pointerMove(brush, { clientX: 64 + 660, pointerId: 1 });
    fireEvent.pointerUp(brush, { clientX: 64 + 660, pointerId: 1 });
    await waitFor(() => expect(chartRequests(calls).length).toBe(2));
    const zoomed = chartRequests(calls)[1];
    expect(Date.parse(zoomed?.from ?? '')).toBe(T0 + HOUR);
    expect(Date.parse(zoomed?.to ?? '')).toBe(T0 + 3 * HOUR);
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    await waitFor(() => expect(chartRequests(calls).length).toBe(3));
    const reset = chartRequests(calls)[2];
    expect(Date.parse(reset?.to ?? '') - Date.parse(reset?.from ?? '')).toBe(30 * 24 * HOUR);
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
  });

  it('draws bars for consumption by day, leaving a bucket without data empty', async () => {
    useExplorerApi(
      answer('getChartDataByDate', (request) => {
        const hourly = chartAnswer(request);
        return {
          ...hourly,
          resolution: 'day',
          series: hourly.series.map((serie) => ({
            ...serie,
            points: { ...serie.points, t: serie.points.t.map((_, i) => T0 + i * 24 * HOUR), step: 24 * HOUR },
          })),
        };
      }),
    );
    render('?points=1,3&res=day');
    const kwh = await screen.findByRole('group', { name: 'Chart in kWh' });
    expect(kwh.getAttribute('data-chart')).toBe('bar');
    // Three bars: the null day has none.
    await waitFor(() => expect(kwh.querySelectorAll('svg rect[data-testid^="bar."]').length).toBe(3));
    // Temperatures stay lines, whatever the resolution.
    expect(screen.getByRole('group', { name: 'Chart in °C' }).getAttribute('data-chart')).toBe('line');
  });

  it('keeps the view in the address and reads it back', async () => {
    const calls = useExplorerApi();
    render('?points=3&range=month&res=day&agg=avg&chart=line&compare=1');
    await waitFor(() => expect(chartRequests(calls).length).toBe(1));
    const body = chartRequests(calls)[0];
    expect(body).toMatchObject({ dataPointIds: [3], resolution: 'day', aggregate: 'avg', compare: true });
    const now = new Date();
    expect(Date.parse(body?.from ?? '')).toBe(new Date(now.getFullYear(), now.getMonth(), 1).getTime());
    expect(screen.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Resolution') as HTMLSelectElement).value).toBe('day');
  });

  it('saves the view under a name, and opens, renames and deletes saved views', async () => {
    const saved = plantRoom;
    const calls = useExplorerApi(
      answer('getDateExplorer', { explorers: [saved] }),
      answer('addExplorer', (request) => ({ explorer: { ...saved, id: 8, ...request } })),
      answer('updateDataExplorer', (request) => ({ explorer: { ...saved, ...request } })),
      answer('deleteDataExplorer', ({ id }) => ({ deleted: id })),
    );
    render('?points=3&range=today');
    const section = await screen.findByRole('region', { name: 'Saved views' });
    fireEvent.click(within(section).getByRole('button', { name: 'Save as…' }));
    fireEvent.change(within(section).getByLabelText('Name of the view'), { target: { value: 'Office' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'addExplorer')).toHaveLength(1));
    expect(callsTo(calls, 'addExplorer')[0]?.request).toEqual({
      name: 'Office',
      view: { dataPointIds: [3], range: 'today', resolution: 'auto' },
    });

    // Open the saved one: the view follows it.
    await waitFor(() => expect(within(section).getByRole('option', { name: 'Plant room' })).toBeTruthy());
    fireEvent.change(within(section).getByLabelText('Saved views'), { target: { value: '7' } });
    await waitFor(() =>
      expect(chartRequests(calls).at(-1)).toMatchObject({
        dataPointIds: [1, 2],
        resolution: 'day',
        compare: true,
      }),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Rename…' }));
    fireEvent.change(within(section).getByLabelText('Name of the view'), { target: { value: 'Plant' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(callsTo(calls, 'updateDataExplorer')[0]?.request).toEqual({
        id: 7,
        name: 'Plant',
      }),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Delete…' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'deleteDataExplorer')[0]?.request).toEqual({ id: 7 }));
    // The list is read on opening and again after each change (save as, rename, delete): the test ends
    // once the last reading has come, not while it is on its way to the next test.
    await waitFor(() => expect(callsTo(calls, 'getDateExplorer')).toHaveLength(4));
  });

  it('offers an editor saving, renaming and deleting the open view, and a new virtual data point', async () => {
    useExplorerApi(answer('getDateExplorer', { explorers: [plantRoom] }));
    render('?points=1&saved=7');
    const section = await screen.findByRole('region', { name: 'Saved views' });
    await within(section).findByRole('option', { name: 'Plant room' });
    for (const action of ['Save', 'Save as…', 'Rename…', 'Delete…']) {
      expect(within(section).getByRole('button', { name: action })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'New virtual data point' })).toBeTruthy();
  });

  it('lets a viewer chart, export and open saved views, but change none of them nor add a virtual point', async () => {
    signInToSession({ role: 'viewer' });
    const calls = useExplorerApi(answer('getDateExplorer', { explorers: [plantRoom] }));
    render('?points=1');
    await screen.findByRole('group', { name: 'Chart in kWh' });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Saved views' });
    await within(section).findByRole('option', { name: 'Plant room' });
    fireEvent.change(within(section).getByLabelText('Saved views'), { target: { value: '7' } });
    await waitFor(() => expect(chartRequests(calls).at(-1)).toMatchObject({ dataPointIds: [1, 2] }));
    expect(within(section).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'New virtual data point' })).toBeNull();
  });

  it('offers checking a formula only to a role that may', async () => {
    const { unmount } = renderInApp(<VirtualPointForm onCreated={() => {}} />);
    expect(screen.getByRole('button', { name: 'Check formula' })).toBeTruthy();
    unmount();
    signInToSession({ role: 'viewer' });
    renderInApp(<VirtualPointForm onCreated={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Check formula' })).toBeNull();
  });

  it("shows the server's reason for refusing a saved view's name", async () => {
    useExplorerApi(failWith('addExplorer', 409, 'A view named "Office" already exists.'));
    render('?points=3');
    const section = await screen.findByRole('region', { name: 'Saved views' });
    fireEvent.click(within(section).getByRole('button', { name: 'Save as…' }));
    fireEvent.change(within(section).getByLabelText('Name of the view'), { target: { value: 'Office' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'A view named "Office" already exists.',
    );
  });

  it('checks a virtual data point formula, shows what is wrong beside it, and adds the point it creates', async () => {
    const calls = useExplorerApi(
      failWith('virtualDatapointCheck', 400, 'No data point is named "Nope".'),
      answer('virtualDatapoint', {
        dataPoint: {
          id: 4,
          name: 'Base load',
          entityId: 10,
          unit: 'kWh',
          kind: 'interval',
          formula: '[Main meter] - [Chillers]',
          inputs: [1, 2],
        },
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New virtual data point' }));
    const form = screen.getByRole('form', { name: 'New virtual data point' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Base load' } });
    fireEvent.change(within(form).getByLabelText(/^Formula/), { target: { value: '[Main meter] - [Nope]' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Check formula' }));
    expect(await within(form).findByText('No data point is named "Nope".')).toBeTruthy();

    useApi(
      answer('virtualDatapointCheck', {
        formula: '[Main meter] - [Chillers]',
        inputs: [
          { id: 1, name: 'Main meter', unit: 'kWh' },
          { id: 2, name: 'Chillers', unit: 'kWh' },
        ],
        kind: 'interval',
        unit: 'kWh',
      }),
    );
    fireEvent.change(within(form).getByLabelText(/^Formula/), {
      target: { value: '[Main meter] - [Chillers]' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Check formula' }));
    expect((await within(form).findByRole('status')).textContent).toContain(
      'Main meter (kWh), Chillers (kWh)',
    );
    expect(callsTo(calls, 'virtualDatapointCheck').map((call) => call.request)).toEqual([
      { formula: '[Main meter] - [Nope]' },
      { formula: '[Main meter] - [Chillers]' },
    ]);

    fireEvent.click(within(form).getByRole('button', { name: 'Create virtual data point' }));
    await waitFor(() => expect(chartRequests(calls).at(-1)).toMatchObject({ dataPointIds: [4] }));
    expect(callsTo(calls, 'virtualDatapoint')[0]?.request).toEqual({
      name: 'Base load',
      formula: '[Main meter] - [Chillers]',
    });
  });

  it('still offers everything else when the data points cannot be loaded', async () => {
    useExplorerApi(failWith('getEntitesForDataExplorer', 500, 'The database is starting.'));
    render();
    expect(
      await screen.findByText(/The data points could not be loaded: The database is starting\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '7 days' })).toBeTruthy();
    expect(screen.getByText('Pick one or more data points to draw them.')).toBeTruthy();
  });
});
