import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExplorerDataPoint, UsageRank } from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import TopConsumersWidget from './index';

afterEach(() => {
  vi.clearAllMocks();
});

const ranking: UsageRank[] = [
  {
    id: 4,
    name: 'Electricity – HVAC (Sydney)',
    site: 'Sydney – Pitt Street Office',
    total: 5500,
    previousTotal: 5000,
    share: 55,
  },
  {
    id: 9,
    name: 'Electricity – lighting (London)',
    site: 'London – Clerkenwell Office',
    total: 3000,
    previousTotal: 3300,
    share: 30,
  },
  {
    id: 2,
    name: 'Electricity – lab equipment (New York)',
    site: 'New York – Sunset Park Lab',
    total: 1500,
    previousTotal: null,
    share: 15,
  },
];

describe('top consumers', () => {
  it('lists the largest consumers with share and change, largest first', async () => {
    const calls = useApi(answer('usage', { unit: 'kWh', total: 10000, ranking }));
    renderInApp(<TopConsumersWidget data={{ intent: 'electricity', limit: 3 }} />);
    const items = await screen.findAllByTestId('consumer');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('1.Electricity – HVAC (Sydney)5,500 kWh'),
      expect.stringContaining('2.Electricity – lighting (London)3,000 kWh'),
      expect.stringContaining('3.Electricity – lab equipment (New York)1,500 kWh'),
    ]);
    expect(items[0]?.textContent).toContain('Sydney – Pitt Street Office · 55.0 % of the total');
    const changes = screen.getAllByTestId('consumer-change').map((badge) => badge.textContent);
    expect(changes).toEqual(['▲up 10.0 %', '▼down 9.1 %']);
    expect(items[2]?.textContent).toContain('no earlier data');
    expect(callsTo(calls, 'usage')[0]?.request).toMatchObject({
      by: 'dataPoint',
      unit: 'kWh',
      intent: 'electricity',
      limit: 3,
    });
  });

  it('ranks sites over the tagged points only, so meters are not counted twice', async () => {
    const gasMeters = [7, 8].map(
      (id): ExplorerDataPoint => ({
        id,
        name: `Gas ${id}`,
        unit: 'm³',
        kind: 'cumulative',
        intent: 'gas',
        virtual: false,
        formula: null,
        entityId: id,
        path: [],
        tags: ['fiscal'],
        lastTs: null,
      }),
    );
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: gasMeters, tags: [] }),
      answer('usage', { unit: 'm³', total: 0, ranking: [] }),
    );
    renderInApp(
      <TopConsumersWidget
        data={{ by: 'site', intent: 'gas', unit: 'm³', tags: ['fiscal'], period: 'year' }}
      />,
    );
    expect(await screen.findByText('No gas recorded this year.')).toBeTruthy();
    expect(callsTo(calls, 'usage')[0]?.request).toMatchObject({
      by: 'site',
      dataPointIds: [7, 8],
    });
  });

  it('shows a failure with a way to try again', async () => {
    useApi(failWith('usage', 500, 'The database is not reachable.'));
    renderInApp(<TopConsumersWidget data={{}} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The top consumers could not be loaded: The database is not reachable.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
