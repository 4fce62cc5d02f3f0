import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartSeries, ExplorerDataPoint } from '../../src/generated/api-types';
import { i18next } from '../../src/i18n/i18n';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { costBucket, pointCost } from '../../tests/fixtures/point-costs';
import { renderInApp } from '../../tests/render';
import ConsumptionChartWidget from './index';
import { bucketLabel, chooseDisplay, defaultResolution, toBarRows, toLineSeries } from './series';

afterEach(() => {
  vi.clearAllMocks();
});

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;

function point(id: number, name: string, unit = 'kWh', intent = 'electricity'): ExplorerDataPoint {
  return {
    id,
    name,
    unit,
    kind: 'cumulative',
    intent,
    virtual: false,
    formula: null,
    entityId: id,
    path: ['Site'],
    tags: ['fiscal'],
    lastTs: null,
  };
}

function serie(
  id: number,
  name: string,
  t: number[],
  v: (number | null)[],
  timeZone = 'UTC',
  unit = 'kWh',
): ChartSeries {
  return {
    dataPointId: id,
    name,
    unit,
    kind: 'cumulative',
    virtual: false,
    aggregate: 'sum',
    timeZone,
    points: { t, v, reduced: false, step: DAY },
    summary: { min: null, max: null, mean: null, total: null, coverage: 100, buckets: v.length },
  };
}

describe('consumption chart', () => {
  it('draws daily bars of the tagged points of an intent, with the unit', async () => {
    const calls = useApi(
      answer('getEntitesForDataExplorer', {
        dataPoints: [
          point(1, 'Electricity – main incomer (London)'),
          point(2, 'Water (London)', 'm³', 'water'),
        ],
        tags: [],
      }),
      answer('getChartDataByDate', {
        from: '',
        to: '',
        resolution: 'day',
        series: [
          serie(
            1,
            'Electricity – main incomer (London)',
            [today - 2 * DAY, today - DAY, today],
            [410, null, 398],
          ),
        ],
      }),
    );
    renderInApp(<ConsumptionChartWidget data={{ intent: 'electricity', unit: 'kWh', tags: ['fiscal'] }} />);
    expect(
      await screen.findByRole('img', { name: 'Bar chart of Electricity – main incomer (London) in kWh' }),
    ).toBeTruthy();
    expect(screen.getByText('Per day, the last 30 days, in kWh')).toBeTruthy();
    const request = callsTo(calls, 'getChartDataByDate')[0]?.request;
    expect(request).toMatchObject({ dataPointIds: [1], resolution: 'day', compare: false });
  });

  it('draws what the meters cost per day by their tariffs, in the currency, and names the one left out', async () => {
    const calls = useApi(
      answer('getEntitesForDataExplorer', {
        dataPoints: [
          point(1, 'Electricity – main incomer (London)'),
          point(3, 'Electricity – main (Sydney)'),
        ],
        tags: [],
      }),
      answer('tariffCostAndTime', {
        points: [
          pointCost(
            1,
            'Electricity – main incomer (London)',
            [costBucket(today - DAY, 98.4), costBucket(today, 101.2)],
            { currency: 'GBP', tariffId: 4 },
          ),
          pointCost(3, 'Electricity – main (Sydney)', [], null, 800),
        ],
      }),
    );
    renderInApp(
      <ConsumptionChartWidget
        data={{ intent: 'electricity', unit: 'kWh', tags: ['fiscal'], measure: 'cost', resolution: 'week' }}
      />,
    );
    expect(
      await screen.findByRole('img', { name: 'Bar chart of Electricity – main incomer (London) in GBP' }),
    ).toBeTruthy();
    expect(screen.getByText('Per day, the last 30 days, in GBP')).toBeTruthy();
    expect(screen.getByText('1 meter without a tariff is left out.')).toBeTruthy();
    expect(callsTo(calls, 'tariffCostAndTime')[0]?.request).toMatchObject({
      dataPointIds: [1, 3],
      bucket: 'day',
    });
    expect(callsTo(calls, 'getChartDataByDate')).toHaveLength(0);
  });

  it('draws named points as lines per hour, with a legend', async () => {
    const names = ['Temperature – wet lab (New York)', 'Temperature – write-up office (New York)'];
    useApi(
      answer('getEntitesForDataExplorer', ({ search = '' }) => ({
        dataPoints: [point(search === names[0] ? 5 : 6, search, '°C', 'temperature')],
        tags: [],
      })),
      answer('getChartDataByDate', {
        from: '',
        to: '',
        resolution: 'hour',
        series: [
          serie(5, names[0] as string, [0, 3_600_000], [21.2, null], 'America/New_York', '°C'),
          serie(6, names[1] as string, [0, 3_600_000], [22.5, 22.7], 'America/New_York', '°C'),
        ],
      }),
    );
    renderInApp(<ConsumptionChartWidget data={{ dataPoints: names, period: '7d', resolution: 'hour' }} />);
    expect(await screen.findByRole('img', { name: `Line chart of ${names.join(', ')} in °C` })).toBeTruthy();
    const legend = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(legend).toEqual(names);
  });

  it('says when the period has no readings, and which names are not there', async () => {
    useApi(
      answer('getEntitesForDataExplorer', ({ search }) => ({
        dataPoints: search === 'Gas (London)' ? [point(3, 'Gas (London)', 'm³', 'gas')] : [],
        tags: [],
      })),
      answer('getChartDataByDate', {
        from: '',
        to: '',
        resolution: 'day',
        series: [serie(3, 'Gas (London)', [0, DAY], [null, null], 'UTC', 'm³')],
      }),
    );
    renderInApp(
      <ConsumptionChartWidget data={{ dataPoints: ['Gas (London)', 'Gas (Paris)'], period: 'month' }} />,
    );
    expect(await screen.findByText('No readings this month.')).toBeTruthy();
    expect(screen.getByText('No data point is named “Gas (Paris)”.')).toBeTruthy();
  });

  it('shows a failure with its reason and a way to try again', async () => {
    useApi(failWith('getEntitesForDataExplorer', 500, 'boom'));
    renderInApp(<ConsumptionChartWidget data={{ intent: 'gas' }} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The gas chart could not be loaded: boom',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('consumption chart series', () => {
  it('puts the same local day of sites in different time zones in one bar, and keeps gaps empty', () => {
    // Midnight of 1 and 2 June in London (BST) and in Sydney (AEST).
    const london = serie(
      1,
      'London',
      [Date.UTC(2025, 4, 31, 23), Date.UTC(2025, 5, 1, 23)],
      [100, null],
      'Europe/London',
    );
    const sydney = serie(
      2,
      'Sydney',
      [Date.UTC(2025, 4, 31, 14), Date.UTC(2025, 5, 1, 14)],
      [50, 60],
      'Australia/Sydney',
    );
    expect(toBarRows([london, sydney], 'day')).toEqual([
      { bucket: '2025-06-01', London: 100, Sydney: 50 },
      { bucket: '2025-06-02', Sydney: 60 },
    ]);
  });

  it('leaves out buckets that end before the period starts (a zone behind the browser widens into them)', () => {
    const newYork = serie(
      1,
      'NY',
      [Date.UTC(2025, 11, 1, 5), Date.UTC(2026, 0, 1, 5)],
      [10, 20],
      'America/New_York',
    );
    expect(toBarRows([newYork], 'month', new Date(2026, 0, 1))).toEqual([{ bucket: '2026-01', NY: 20 }]);
    const week = serie(2, 'W', [Date.UTC(2025, 7, 25)], [5], 'UTC');
    // A week that began before the period but runs into it stays.
    expect(toBarRows([week], 'week', new Date(2025, 7, 27, 9))).toEqual([{ bucket: '2025-08-25', W: 5 }]);
  });

  it('keeps a null as a gap in a line', () => {
    const [line] = toLineSeries([serie(1, 'A', [0, DAY], [1, null])]);
    expect(line?.data.map((datum) => datum.y)).toEqual([1, null]);
  });

  it('picks buckets and drawing from the period', () => {
    expect(defaultResolution('today')).toBe('hour');
    expect(defaultResolution('30d')).toBe('day');
    expect(defaultResolution('year')).toBe('month');
    expect(chooseDisplay('auto', 'day')).toBe('bars');
    expect(chooseDisplay(undefined, '15min')).toBe('line');
    expect(chooseDisplay('line', 'month')).toBe('line');
  });

  it('labels buckets as people read them', () => {
    const t = i18next.getFixedT(null, 'consumption-chart');
    expect(bucketLabel('2025-06', 'month', t)).toMatch(/Jun.*2025/);
    expect(bucketLabel('2025-06-02', 'week', t)).toMatch(/^w\/c /);
  });
});
