import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EndpointName } from '../../src/generated/api-contracts';
import type { ExplorerDataPoint, SeriesSummaryEntry } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import ConsumptionChartWidget from '../../widgets/consumption-chart/index';
import { LayoutView } from '../engine/render/layout-view';
import { knownWidgetNames, loadDataValidators } from '../engine/validation/compiled-validators';

// As a page from layouts/ has them, fetched with its widgets (useLayoutFile).
beforeAll(() => loadDataValidators(knownWidgetNames));

afterEach(() => {
  vi.clearAllMocks();
});

const NAME = 'Temperature – wet lab (New York)';

const point: ExplorerDataPoint = {
  id: 5,
  name: NAME,
  unit: '°C',
  kind: 'instantaneous',
  intent: 'temperature',
  virtual: false,
  formula: null,
  entityId: 5,
  path: ['New York – Sunset Park Lab'],
  tags: [],
  lastTs: null,
};

function summaryEntry(mean: number): SeriesSummaryEntry {
  return {
    dataPointId: 5,
    name: NAME,
    unit: '°C',
    kind: 'instantaneous',
    virtual: false,
    aggregate: 'avg',
    timeZone: 'America/New_York',
    current: { min: null, max: null, mean, total: null, coverage: 100, buckets: 24 },
    previous: null,
  };
}

/** Counts every request by its endpoint. */
function useCountingApi() {
  const { current, previous: _previous, ...series } = summaryEntry(21.5);
  const calls = useApi(
    answer('getEntitesForDataExplorer', { dataPoints: [point], tags: [] }),
    answer('explorerSummary', { from: '', to: '', resolution: 'hour', summaries: [summaryEntry(21.5)] }),
    answer('getChartDataByDate', {
      from: '',
      to: '',
      resolution: 'hour',
      series: [
        {
          ...series,
          points: { t: [0, 3_600_000], v: [21.2, 21.8], reduced: false, step: 3_600_000 },
          summary: current,
        },
      ],
    }),
  );
  return (endpoint: EndpointName) => callsTo(calls, endpoint).length;
}

function kpi(key: string, data: Record<string, unknown>) {
  return { key, name: 'kpi', data: { dataPoint: NAME, figure: 'mean', ...data } };
}

function page(widgets: Record<string, unknown>[]) {
  return {
    schemaVersion: 2,
    id: 'test',
    title: 'Test page',
    period: '7d',
    rows: [{ key: 'r1', columns: [{ key: 'c1', span: 12, cards: [{ key: 'k1', widgets }] }] }],
  };
}

describe('data widgets asking for the same data', () => {
  it('cause one request: two KPIs of the same point and period, one inheriting it from the page', async () => {
    const count = useCountingApi();
    const document = page([
      kpi('mean', { label: 'Lab now' }),
      kpi('again', { label: 'Lab, pinned to 7 days', period: '7d', goodWhen: 'neither', precision: 2 }),
    ]);
    renderInApp(<LayoutView source={{ document }} origin="test" />);
    expect(await screen.findByText('21.5')).toBeTruthy();
    expect(await screen.findByText('21.50')).toBeTruthy();
    expect(count('getEntitesForDataExplorer')).toBe(1);
    // The current period and the one before: once for both widgets.
    expect(count('explorerSummary')).toBe(2);
  });

  it('share the look-up of their points across widgets of different kinds', async () => {
    const count = useCountingApi();
    renderInApp(
      <>
        <LayoutView source={{ document: page([kpi('mean', { label: 'Lab' })]) }} origin="test" />
        <ConsumptionChartWidget data={{ dataPoints: [NAME], period: '7d' }} />
      </>,
    );
    expect(await screen.findByText('21.5')).toBeTruthy();
    expect(await screen.findByRole('img', { name: `Line chart of ${NAME} in °C` })).toBeTruthy();
    expect(count('getEntitesForDataExplorer')).toBe(1);
    expect(count('explorerSummary')).toBe(2);
    expect(count('getChartDataByDate')).toBe(1);
  });

  it('ask again when the period differs', async () => {
    const count = useCountingApi();
    const document = page([
      kpi('week', { label: 'Week' }),
      kpi('month', { label: 'Month', period: 'month' }),
    ]);
    renderInApp(<LayoutView source={{ document }} origin="test" />);
    await waitFor(() => expect(screen.getAllByText('21.5')).toHaveLength(2));
    expect(count('getEntitesForDataExplorer')).toBe(1);
    expect(count('explorerSummary')).toBe(4);
  });
});
