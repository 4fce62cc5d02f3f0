import { useQueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OCTOBER_2026 } from '../../src/data/fixed-period.test-helper';
import { fakeStreams } from '../../src/data/live/fake-streams.test-helper';
import { LiveSync } from '../../src/data/live/live-sync';
import { PagePeriodProvider } from '../../src/data/page-period';
import { periodWindows } from '../../src/data/periods';
import { responseExamples } from '../../src/generated/api-examples';
import type {
  ExplorerDataPoint,
  PointCost,
  SeriesSummary,
  UsageResponse,
} from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import KpiWidget from './index';

afterEach(() => {
  vi.clearAllMocks();
});

function point(id: number, name: string, intent: string, unit: string): ExplorerDataPoint {
  return {
    id,
    name,
    unit,
    kind: unit === 'kWh' || unit === 'm³' ? 'cumulative' : 'instantaneous',
    intent,
    virtual: false,
    formula: null,
    entityId: 100 + id,
    path: ['London – Clerkenwell Office'],
    tags: ['meter', 'fiscal'],
    lastTs: null,
  };
}

const fiscalElectricity = [
  point(1, 'Electricity – main incomer (London)', 'electricity', 'kWh'),
  point(2, 'Electricity – demand (London)', 'electricity', 'kW'),
  point(3, 'Electricity – main meter (Sydney)', 'electricity', 'kWh'),
];

function summary(
  values: Partial<Record<'min' | 'max' | 'mean' | 'total', number | null>>,
  buckets = 24,
): SeriesSummary {
  return { min: null, max: null, mean: null, total: null, coverage: 100, buckets, ...values };
}

/** True when a request's period is the current one (the previous one starts earlier). */
function isCurrent({ from }: { from: string }, period: 'month' | '7d'): boolean {
  return Date.parse(from) >= periodWindows(period).current.from.getTime() - 1000;
}

describe('kpi widget', () => {
  it('adds up what the meters cost by their tariffs, leaving out and naming the one no tariff prices', async () => {
    const cost = (id: number, total: number | null): PointCost => ({
      dataPointId: id,
      name: `Meter ${id}`,
      tariffId: total === null ? null : 4,
      currency: total === null ? null : 'EUR',
      unit: 'kWh',
      timeZone: 'Europe/London',
      buckets:
        total === null
          ? []
          : [
              {
                start: '2026-11-01T00:00:00.000Z',
                consumption: total * 4,
                energy: { Standard: total },
                use: { Standard: total * 4 },
                standing: 0,
                demand: 0,
                demandKw: 0,
                taxes: {},
                total,
                co2Kg: total * 0.8,
              },
            ],
      total: total ?? 0,
      unpriced: total === null ? 120 : 0,
      co2Kg: total === null ? 0 : total * 0.8,
    });
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] }),
      answer('tariffCostAndTime', (request) =>
        isCurrent(request, 'month')
          ? { points: [cost(1, 812.4), cost(3, null)] }
          : { points: [cost(1, 650), cost(3, null)] },
      ),
    );
    renderInApp(
      <KpiWidget
        data={{
          label: 'Electricity cost',
          intent: 'electricity',
          unit: 'kWh',
          measure: 'cost',
          precision: 2,
        }}
      />,
    );
    expect(await screen.findByText('812.40')).toBeTruthy();
    expect(screen.getByText('EUR')).toBeTruthy();
    expect(screen.getByText('1 meter without a tariff is left out.')).toBeTruthy();
    expect(screen.getByTestId('kpi-change').textContent).toContain('up 25.0 %');
    const asked = callsTo(calls, 'tariffCostAndTime').map((call) => call.request);
    expect(asked.map(({ dataPointIds, bucket }) => ({ dataPointIds, bucket }))).toEqual([
      { dataPointIds: [1, 3], bucket: 'month' },
      { dataPointIds: [1, 3], bucket: 'month' },
    ]);
  });

  it('says the period before has no data when its meters read nothing, whatever their standing charges', async () => {
    const cost = (total: number, consumption: number): PointCost => ({
      dataPointId: 1,
      name: 'Main incomer',
      tariffId: 4,
      currency: 'GBP',
      unit: 'kWh',
      timeZone: 'Europe/London',
      buckets: [
        {
          start: '2026-11-01T00:00:00.000Z',
          consumption,
          energy: {},
          use: {},
          standing: total,
          demand: 0,
          demandKw: 0,
          taxes: {},
          total,
          co2Kg: 0,
        },
      ],
      total,
      unpriced: 0,
      co2Kg: 0,
    });
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] }),
      answer('tariffCostAndTime', (request) => ({
        points: [isCurrent(request, 'month') ? cost(120.5, 400) : cost(19.5, 0)],
      })),
    );
    renderInApp(
      <KpiWidget
        data={{ label: 'Cost', dataPoint: 'Electricity – main incomer (London)', measure: 'cost' }}
      />,
    );
    expect(await screen.findByText('No data for last month to compare with.')).toBeTruthy();
    expect(screen.queryByTestId('kpi-change')).toBeNull();
  });

  it('says no tariff prices the meters rather than that they have no readings', async () => {
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] }),
      answer('tariffCostAndTime', ({ dataPointIds = [] }) => ({
        points: dataPointIds.map((id) => ({
          dataPointId: id,
          name: `Meter ${id}`,
          tariffId: null,
          currency: null,
          unit: 'kWh',
          timeZone: 'Europe/London',
          buckets: [],
          total: 0,
          unpriced: 50,
          co2Kg: 0,
        })),
      })),
    );
    renderInApp(<KpiWidget data={{ label: 'CO₂', intent: 'electricity', unit: 'kWh', measure: 'co2' }} />);
    expect(
      await screen.findByText('No tariff prices these meters yet: assign one on the Tariffs page.'),
    ).toBeTruthy();
    expect(screen.queryByText(/No readings/)).toBeNull();
  });
  it('divides by the floor area of the sites counted, and gives no figure while one of them has none', async () => {
    const listed = responseExamples.sites[0];
    const area = listed.sites.reduce((sum, entry) => sum + (entry.entity.floorAreaM2 ?? 0), 0);
    const total = (value: number): UsageResponse => ({ unit: 'kWh', total: value, ranking: [] });
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] }),
      answer('usage', (request) => total(isCurrent(request, 'month') ? area * 2.5 : area * 2)),
      answer('sites', listed),
    );
    const perArea = {
      label: 'Electricity per m²',
      intent: 'electricity',
      unit: 'kWh',
      per: 'floorArea',
    } as const;
    const { unmount } = renderInApp(<KpiWidget data={perArea} />);
    expect(await screen.findByText('2.5')).toBeTruthy();
    expect(screen.getByText('kWh/m²')).toBeTruthy();
    expect(screen.getByText(`Per m² of ${area.toLocaleString('en-US')} m² of floor area.`)).toBeTruthy();
    expect(screen.getByTestId('kpi-change').textContent).toContain('up 25.0 %');
    unmount();

    // A site without its floor area: no figure, and what to do about it.
    const [first, ...rest] = listed.sites;
    if (!first) throw new Error('the sites example lists no site');
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] }),
      answer('usage', total(1000)),
      answer('sites', {
        ...listed,
        sites: [{ ...first, entity: { ...first.entity, floorAreaM2: null } }, ...rest],
      }),
    );
    renderInApp(<KpiWidget data={perArea} />);
    expect(
      await screen.findByText('1 site counted has no floor area: give it one on its page to see use per m².'),
    ).toBeTruthy();
    expect(screen.queryByText(/No readings/)).toBeNull();
  });

  it("compares a report's month with the same month last year when asked, naming last year's dates", async () => {
    const lastOctober = {
      from: '2025-10-01T00:00:00.000Z',
      to: '2025-11-01T00:00:00.000Z',
      firstDate: '2025-10-01',
      lastDate: '2025-10-31',
    };
    const total = (value: number): UsageResponse => ({ unit: 'kWh', total: value, ranking: [] });
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] }),
      answer('usage', (request) => total(request.from === OCTOBER_2026.from ? 9000 : 10000)),
    );
    renderInApp(
      <PagePeriodProvider value={{ fixed: { ...OCTOBER_2026, lastYear: lastOctober } }}>
        <KpiWidget
          data={{
            label: 'Electricity',
            intent: 'electricity',
            unit: 'kWh',
            tags: ['fiscal'],
            compareWith: 'lastYear',
          }}
        />
      </PagePeriodProvider>,
    );
    expect(await screen.findByText('9,000')).toBeTruthy();
    expect(screen.getByTestId('kpi-change').textContent).toContain('down 10.0 %');
    expect(screen.getByText(/^Oct 1\s*–\s*31, 2025: 10,000 kWh/)).toBeTruthy();
    expect(callsTo(calls, 'usage').map(({ request }) => [request.from, request.to])).toEqual([
      [OCTOBER_2026.from, OCTOBER_2026.to],
      [lastOctober.from, lastOctober.to],
    ]);
  });

  it('sums the tagged points of an intent through usage by site and shows the change', async () => {
    const london = (total: number): UsageResponse => ({
      unit: 'kWh',
      total,
      ranking: [{ id: 7, name: 'London', site: 'London', total, previousTotal: null, share: 100 }],
    });
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] }),
      answer('usage', (request) => london(isCurrent(request, 'month') ? 12340 : 11842)),
    );
    renderInApp(
      <KpiWidget
        data={{ label: 'Electricity this month', intent: 'electricity', unit: 'kWh', tags: ['fiscal'] }}
      />,
    );
    expect(await screen.findByText('12,340')).toBeTruthy();
    expect(screen.getByText('kWh')).toBeTruthy();
    const change = screen.getByTestId('kpi-change');
    expect(change.textContent).toContain('up 4.2 %');
    expect(change.dataset.good).toBe('false');
    expect(screen.getByText(/vs last month/)).toBeTruthy();
    expect(screen.getByText(/Last month: 11,842 kWh/)).toBeTruthy();

    expect(callsTo(calls, 'getEntitesForDataExplorer')[0]?.request).toEqual({
      search: 'electricity',
      tags: ['fiscal'],
    });
    const usage = callsTo(calls, 'usage').map((call) => call.request);
    expect(usage).toHaveLength(2);
    // The kW demand point is not consumption in kWh: only the two meters count.
    expect(usage[0]).toMatchObject({ by: 'site', unit: 'kWh', intent: 'electricity', dataPointIds: [1, 3] });
  });

  it("counts every point of the intent when none carries the layout's tags, and says so", async () => {
    // A new organisation has tagged nothing: its one meter is its electricity.
    const untagged = fiscalElectricity.map((point) => ({ ...point, tags: [] }));
    const calls = useApi(
      answer('getEntitesForDataExplorer', ({ tags }) => ({ dataPoints: tags ? [] : untagged, tags: [] })),
      answer('usage', { unit: 'kWh', total: 500, ranking: [] }),
    );
    renderInApp(
      <KpiWidget
        data={{ label: 'Electricity this month', intent: 'electricity', unit: 'kWh', tags: ['fiscal'] }}
      />,
    );
    expect(await screen.findByText('500')).toBeTruthy();
    expect(
      screen.getByText(
        'This counts all your electricity data points: none is on a place tagged “fiscal”. Tag the places of the meters to count alone (Sites) to narrow it.',
      ),
    ).toBeTruthy();
    expect(callsTo(calls, 'usage')[0]?.request).toMatchObject({ dataPointIds: [1, 3] });
  });

  it('says when the previous period has no data instead of an infinite change', async () => {
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: [point(6, 'Gas – boiler', 'gas', 'm³')], tags: [] }),
      answer('usage', (request) => ({
        unit: 'm³',
        total: isCurrent(request, 'month') ? 420.5 : 0,
        ranking: [],
      })),
    );
    renderInApp(<KpiWidget data={{ label: 'Gas this month', intent: 'gas', unit: 'm³' }} />);
    expect(await screen.findByText('No data for last month to compare with.')).toBeTruthy();
    expect(screen.getByText('421')).toBeTruthy();
    expect(screen.queryByTestId('kpi-change')).toBeNull();
    expect(screen.queryByText(/Infinity|∞/)).toBeNull();
  });

  it('resolves a data point by name and shows the mean of its summary', async () => {
    const name = 'Temperature – first floor open plan (London)';
    const calls = useApi(
      answer('getEntitesForDataExplorer', {
        dataPoints: [point(9, `${name} (old)`, 'temperature', '°C'), point(4, name, 'temperature', '°C')],
        tags: [],
      }),
      answer('explorerSummary', (request) => ({
        from: '',
        to: '',
        resolution: 'hour',
        summaries: [
          {
            dataPointId: 4,
            name,
            unit: '°C',
            kind: 'instantaneous',
            virtual: false,
            aggregate: 'avg',
            timeZone: 'Europe/London',
            current: isCurrent(request, '7d') ? summary({ mean: 21.44 }) : summary({ mean: 20.1 }),
            previous: null,
          },
        ],
      })),
    );
    renderInApp(
      <KpiWidget
        data={{ label: 'Mean temperature', dataPoint: name, period: '7d', figure: 'mean', goodWhen: 'up' }}
      />,
    );
    expect(await screen.findByText('21.4')).toBeTruthy();
    expect(screen.getByText('°C')).toBeTruthy();
    // A percentage of a temperature means nothing: the difference in °C.
    expect(screen.getByTestId('kpi-change').textContent).toContain('up 1.3 °C');
    expect(screen.getByTestId('kpi-change').dataset.good).toBe('true');
    expect(screen.getByText('The 7 days before: 20.1 °C')).toBeTruthy();
    const request = callsTo(calls, 'explorerSummary')[0]?.request;
    expect(request).toMatchObject({ dataPointIds: [4], resolution: 'hour', compare: false });
  });

  it('says which named data point the organisation does not have', async () => {
    useApi(answer('getEntitesForDataExplorer', { dataPoints: [], tags: [] }));
    renderInApp(<KpiWidget data={{ label: 'Water', dataPoint: 'Water (Paris)' }} />);
    expect(await screen.findByText('No data point is named “Water (Paris)”.')).toBeTruthy();
    expect(screen.getByText('–')).toBeTruthy();
  });

  it('tells an organisation with no point of the intent how data comes in', async () => {
    useApi(answer('getEntitesForDataExplorer', { dataPoints: [], tags: [] }));
    renderInApp(
      <KpiWidget
        data={{ label: 'Electricity this month', intent: 'electricity', unit: 'kWh', tags: ['fiscal'] }}
      />,
    );
    expect(await screen.findByText('No electricity data points in kWh yet.')).toBeTruthy();
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Add a data point', '/devices/all'],
      ['Import a file', '/devices/onboard'],
      ['Connect a feed', '/devices/onboard#api-keys'],
    ]);
  });

  it('shows a failure with its reason and loads again on "Try again"', async () => {
    const meters = answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] });
    useApi(meters, failWith('usage', 500, 'database unavailable'));
    renderInApp(<KpiWidget data={{ label: 'Electricity today', intent: 'electricity', period: 'today' }} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Electricity today could not be loaded: database unavailable',
    );
    expect(screen.getByText('Electricity today')).toBeTruthy();
    useApi(meters, answer('usage', { unit: 'kWh', total: 5, ranking: [] }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('5.0')).toBeTruthy();
  });

  it('follows the live stream: a reading written to one of its meters shows in the figure', async () => {
    let used = 1200;
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: fiscalElectricity, tags: [] }),
      answer('usage', (request) => ({
        unit: 'kWh',
        total: isCurrent(request, 'month') ? used : 1000,
        ranking: [],
      })),
    );
    const streams = fakeStreams();
    renderInApp(
      <>
        <LiveStream open={streams.open} />
        <KpiWidget data={{ label: 'Electricity this month', intent: 'electricity', tags: [] }} />
      </>,
    );
    expect(await screen.findByText('1,200')).toBeTruthy();
    // The stream asks for the meters the figure counts: the intent's points in kWh, not the kW demand.
    await vi.waitFor(() => expect(streams.last()?.request).toEqual({ dataPointIds: [1, 3] }));
    used = 1250;
    streams.last()?.events.onEvent({
      kind: 'readings',
      readings: [{ dataPointId: 3, time: '2026-12-01T10:00:00Z', value: 50 }],
    });
    expect(await screen.findByText('1,250')).toBeTruthy();
  });
});

/** The app's live stream with live updates on, over a stand-in for the server's. */
function LiveStream({ open }: { open: ReturnType<typeof fakeStreams>['open'] }) {
  const client = useQueryClient();
  useEffect(() => {
    const sync = new LiveSync(client, { everyQuery: true, onStatus: () => {}, open });
    return () => sync.stop();
  }, [client, open]);
  return null;
}
