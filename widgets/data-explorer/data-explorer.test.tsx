import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../tests/amplify-mock';
import type { GetChartDataByDateRequest } from '../../src/generated/api-types';
import { mockApi } from '../../tests/mock-api';
import { renderInApp } from '../../tests/render';
import DataExplorer from './index';
import { chartAnswer, HOUR, POINTS, T0 } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

function api(extra: Handlers = {}) {
  return mockApi({
    getEntitesForDataExplorer: (body) => {
      const { search = '', tags = [] } = (body ?? {}) as { search?: string; tags?: string[] };
      const needle = search.toLowerCase();
      return {
        body: {
          dataPoints: POINTS.filter(
            (point) =>
              (!needle || point.name.toLowerCase().includes(needle)) &&
              tags.every((tag) => point.tags.includes(tag)),
          ),
          tags: ['comfort', 'hvac', 'metering'],
        },
      };
    },
    getChartDataByDate: (body) => ({ body: chartAnswer(body as GetChartDataByDateRequest) }),
    getDateExplorer: () => ({ body: { explorers: [] } }),
    ...extra,
  });
}

function render(query = '') {
  return renderInApp(<DataExplorer data={{}} />, { route: `/data/explorer${query}` });
}

const chartCalls = (calls: ReturnType<typeof api>) =>
  calls.filter((call) => call.path === 'getChartDataByDate');
const chart = () => screen.getByTestId('explorer-chart');

describe('data explorer', () => {
  it('lists the data points grouped by their place, and picking some requests their series', async () => {
    const calls = api();
    render();
    const plantRoom = await screen.findByRole('group', { name: 'HQ › Plant room' });
    expect(within(plantRoom).getByText('Main meter')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'HQ › Office' })).getByText('Office temperature'),
    ).toBeTruthy();
    expect(chartCalls(calls)).toEqual([]);
    expect(chart().dataset.state).toBe('idle');

    fireEvent.click(within(plantRoom).getByRole('checkbox', { name: /Main meter/ }));
    fireEvent.click(within(plantRoom).getByRole('checkbox', { name: /Chillers/ }));
    await waitFor(() => expect(chartCalls(calls).length).toBeGreaterThanOrEqual(2));
    const body = chartCalls(calls).at(-1)?.body as GetChartDataByDateRequest;
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
    const calls = api();
    render();
    await screen.findByText('Main meter');
    fireEvent.click(screen.getByRole('button', { name: 'comfort' }));
    await waitFor(() => expect(screen.queryByText('Main meter')).toBeNull());
    expect(screen.getByText('Office temperature')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'getEntitesForDataExplorer').at(-1)?.body).toEqual({
      tags: ['comfort'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'comfort' }));
    await screen.findByText('Main meter');
    fireEvent.change(screen.getByLabelText('Search data points'), { target: { value: 'chill' } });
    await waitFor(() => expect(screen.queryByText('Main meter')).toBeNull(), { timeout: 2000 });
    expect(screen.getByText('Chillers')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'getEntitesForDataExplorer').at(-1)?.body).toEqual({
      search: 'chill',
    });
  });

  it('draws a null as a gap in the line, never as a zero', async () => {
    api();
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
    api();
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

  it('summarises each series with figures in its unit and its coverage', async () => {
    api();
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

  it('compares with the previous period: dashed lines and the previous total with the change', async () => {
    const calls = api();
    render('?points=2');
    await screen.findByRole('table', { name: 'Summary of each series' });
    fireEvent.click(screen.getByText('Compare with the previous period'));
    await waitFor(() =>
      expect((chartCalls(calls).at(-1)?.body as GetChartDataByDateRequest | undefined)?.compare).toBe(true),
    );
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
    api();
    const ids = Array.from({ length: 20 }, (_, index) => 101 + index);
    render(`?points=${ids.join(',')}`);
    const panel = await screen.findByRole('group', { name: 'Chart in kWh' });
    expect(within(panel).getByText('Point 116')).toBeTruthy();
    expect(within(panel).queryByText('Point 117')).toBeNull();
    expect(within(panel).getByText('and 4 more, each in the summary below')).toBeTruthy();
    const summary = await screen.findByRole('table', { name: 'Summary of each series' });
    await waitFor(() => expect(within(summary).getByText('Point 120')).toBeTruthy());
  });

  it('shows why a chart request failed, where the chart would be, and tries again', async () => {
    let fail = true;
    api({
      getChartDataByDate: (body) =>
        fail
          ? { status: 400, body: { message: 'The period may span at most 20 years.' } }
          : { body: chartAnswer(body as GetChartDataByDateRequest) },
    });
    render('?points=1');
    const alert = await within(await screen.findByTestId('explorer-chart')).findByRole('alert');
    expect(alert.textContent).toContain('The period may span at most 20 years.');
    // The container's state follows in an effect after the alert is drawn.
    await waitFor(() => expect(chart().dataset.state).toBe('failed'));
    // Everything else stays usable.
    expect(screen.getByText('Main meter')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Chart in kWh' })).toBeTruthy();
  });

  it('exports what the chart shows as CSV or XLSX and offers the file', async () => {
    const calls = api({
      getChartDataByS3: (body) => ({
        body: {
          url: `/files/EXPORTS/abc.${(body as { format: string }).format}`,
          fileName: 'main-meter.csv',
          rows: 4,
          bytes: 2048,
        },
      }),
    });
    render('?points=1&res=hour&agg=max');
    await screen.findByRole('group', { name: 'Chart in kWh' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const link = await screen.findByRole('link', { name: 'Download main-meter.csv' });
    expect(link.getAttribute('href')).toBe('/files/EXPORTS/abc.csv');
    const exported = calls.find((call) => call.path === 'getChartDataByS3')?.body as Record<string, unknown>;
    const charted = chartCalls(calls).at(-1)?.body as Record<string, unknown>;
    expect(exported).toEqual({
      dataPointIds: [1],
      from: charted.from,
      to: charted.to,
      resolution: 'hour',
      aggregate: 'max',
      format: 'csv',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'getChartDataByS3').at(-1)?.body).toMatchObject({
        format: 'xlsx',
      }),
    );
  });

  it('says why an export failed next to the buttons', async () => {
    api({ getChartDataByS3: () => ({ status: 503, body: { message: 'Object storage is not reachable.' } }) });
    render('?points=1');
    await screen.findByRole('group', { name: 'Chart in kWh' });
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    const section = screen.getByRole('region', { name: 'Export' });
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'Object storage is not reachable.',
    );
  });

  it('zooms into a brushed stretch and resets back to the preset', async () => {
    const calls = api();
    render('?points=1&range=30d');
    const panel = await screen.findByRole('group', { name: 'Chart in kWh' });
    const brush = within(panel).getByTestId('explorer-brush');
    // The plot spans x 64 to 944 of a 960 px chart: a quarter to three quarters of it.
    fireEvent.pointerDown(brush, { clientX: 64 + 220, button: 0, pointerId: 1 });
    fireEvent.pointerMove(brush, { clientX: 64 + 660, pointerId: 1 });
    fireEvent.pointerUp(brush, { clientX: 64 + 660, pointerId: 1 });
    await waitFor(() => expect(chartCalls(calls).length).toBe(2));
    const zoomed = chartCalls(calls)[1]?.body as GetChartDataByDateRequest;
    expect(Date.parse(zoomed.from)).toBe(T0 + HOUR);
    expect(Date.parse(zoomed.to)).toBe(T0 + 3 * HOUR);
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    await waitFor(() => expect(chartCalls(calls).length).toBe(3));
    const reset = chartCalls(calls)[2]?.body as GetChartDataByDateRequest;
    expect(Date.parse(reset.to) - Date.parse(reset.from)).toBe(30 * 24 * HOUR);
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
  });

  it('draws bars for consumption by day, leaving a bucket without data empty', async () => {
    api({
      getChartDataByDate: (body) => {
        const answer = chartAnswer(body as GetChartDataByDateRequest);
        return {
          body: {
            ...answer,
            resolution: 'day',
            series: answer.series.map((serie) => ({
              ...serie,
              points: {
                ...serie.points,
                t: serie.points.t.map((_, i) => T0 + i * 24 * HOUR),
                step: 24 * HOUR,
              },
            })),
          },
        };
      },
    });
    render('?points=1,3&res=day');
    const kwh = await screen.findByRole('group', { name: 'Chart in kWh' });
    expect(kwh.getAttribute('data-chart')).toBe('bar');
    // Three bars: the null day has none.
    await waitFor(() => expect(kwh.querySelectorAll('svg rect[data-testid^="bar."]').length).toBe(3));
    // Temperatures stay lines, whatever the resolution.
    expect(screen.getByRole('group', { name: 'Chart in °C' }).getAttribute('data-chart')).toBe('line');
  });

  it('keeps the view in the address and reads it back', async () => {
    const calls = api();
    render('?points=3&range=month&res=day&agg=avg&chart=line&compare=1');
    await waitFor(() => expect(chartCalls(calls).length).toBe(1));
    const body = chartCalls(calls)[0]?.body as GetChartDataByDateRequest;
    expect(body).toMatchObject({ dataPointIds: [3], resolution: 'day', aggregate: 'avg', compare: true });
    const now = new Date();
    expect(Date.parse(body.from)).toBe(new Date(now.getFullYear(), now.getMonth(), 1).getTime());
    expect(screen.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Resolution') as HTMLSelectElement).value).toBe('day');
  });

  it('saves the view under a name, and opens, renames and deletes saved views', async () => {
    const saved = {
      id: 7,
      name: 'Plant room',
      view: { dataPointIds: [1, 2], range: '30d', resolution: 'day', compare: true },
      createdBy: 'Ann',
      updatedAt: '2026-03-01T00:00:00Z',
    };
    const calls = api({
      getDateExplorer: () => ({ body: { explorers: [saved] } }),
      addExplorer: (body) => ({ body: { explorer: { ...saved, id: 8, ...(body as object) } } }),
      updateDataExplorer: (body) => ({ body: { explorer: { ...saved, ...(body as object) } } }),
      deleteDataExplorer: () => ({ body: { deleted: 7 } }),
    });
    render('?points=3&range=today');
    const section = await screen.findByRole('region', { name: 'Saved views' });
    fireEvent.click(within(section).getByRole('button', { name: 'Save as…' }));
    fireEvent.change(within(section).getByLabelText('Name of the view'), { target: { value: 'Office' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.path === 'addExplorer')).toBeTruthy());
    expect(calls.find((call) => call.path === 'addExplorer')?.body).toEqual({
      name: 'Office',
      view: { dataPointIds: [3], range: 'today', resolution: 'auto' },
    });

    // Open the saved one: the view follows it.
    await waitFor(() => expect(within(section).getByRole('option', { name: 'Plant room' })).toBeTruthy());
    fireEvent.change(within(section).getByLabelText('Saved views'), { target: { value: '7' } });
    await waitFor(() =>
      expect(chartCalls(calls).at(-1)?.body).toMatchObject({
        dataPointIds: [1, 2],
        resolution: 'day',
        compare: true,
      }),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Rename…' }));
    fireEvent.change(within(section).getByLabelText('Name of the view'), { target: { value: 'Plant' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'updateDataExplorer')?.body).toEqual({
        id: 7,
        name: 'Plant',
      }),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Delete…' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'deleteDataExplorer')?.body).toEqual({ id: 7 }),
    );
  });

  it("shows the server's reason for refusing a saved view's name", async () => {
    api({
      addExplorer: () => ({ status: 409, body: { message: 'A view named "Office" already exists.' } }),
    });
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
    const calls = api({
      'virtualDatapoint/check': (body) =>
        (body as { formula: string }).formula.includes('[Nope]')
          ? { status: 400, body: { message: 'No data point is named "Nope".' } }
          : {
              body: {
                formula: '[Main meter] - [Chillers]',
                inputs: [
                  { id: 1, name: 'Main meter', unit: 'kWh' },
                  { id: 2, name: 'Chillers', unit: 'kWh' },
                ],
                kind: 'interval',
                unit: 'kWh',
              },
            },
      virtualDatapoint: () => ({
        body: {
          dataPoint: {
            id: 4,
            name: 'Base load',
            entityId: 10,
            unit: 'kWh',
            kind: 'interval',
            formula: '[Main meter] - [Chillers]',
            inputs: [1, 2],
          },
        },
      }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New virtual data point' }));
    const form = screen.getByRole('form', { name: 'New virtual data point' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Base load' } });
    fireEvent.change(within(form).getByLabelText(/^Formula/), { target: { value: '[Main meter] - [Nope]' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Check formula' }));
    expect(await within(form).findByText('No data point is named "Nope".')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Formula/), {
      target: { value: '[Main meter] - [Chillers]' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Check formula' }));
    expect((await within(form).findByRole('status')).textContent).toContain(
      'Main meter (kWh), Chillers (kWh)',
    );

    fireEvent.click(within(form).getByRole('button', { name: 'Create virtual data point' }));
    await waitFor(() => expect(chartCalls(calls).at(-1)?.body).toMatchObject({ dataPointIds: [4] }));
    expect(calls.find((call) => call.path === 'virtualDatapoint')?.body).toEqual({
      name: 'Base load',
      formula: '[Main meter] - [Chillers]',
    });
  });

  it('still offers everything else when the data points cannot be loaded', async () => {
    api({
      getEntitesForDataExplorer: () => ({ status: 500, body: { message: 'The database is starting.' } }),
    });
    render();
    expect(
      await screen.findByText(/The data points could not be loaded: The database is starting\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '7 days' })).toBeTruthy();
    expect(screen.getByText('Pick one or more data points to draw them.')).toBeTruthy();
  });
});
