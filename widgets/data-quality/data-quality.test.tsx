import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OCTOBER_2026 } from '../../src/data/fixed-period.test-helper';
import { PagePeriodProvider } from '../../src/data/page-period';
import type { ExplorerDataPoint, RegisterStep, SeriesSummaryEntry } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import DataQualityWidget from './index';

beforeEach(() => signInToSession({ role: 'viewer' }));
afterEach(() => resetSession());

function point(id: number, name: string, intent = 'electricity', virtual = false): ExplorerDataPoint {
  return {
    id,
    name,
    unit: 'kWh',
    kind: 'cumulative',
    intent,
    virtual,
    formula: virtual ? '[Main meter] - [Chiller]' : null,
    entityId: 100,
    path: ['Head Office'],
    tags: [],
    lastTs: null,
  };
}

function summary(dataPointId: number, coverage: number, buckets: number): SeriesSummaryEntry {
  return {
    dataPointId,
    name: `#${dataPointId}`,
    unit: 'kWh',
    kind: 'cumulative',
    virtual: false,
    aggregate: 'sum',
    timeZone: 'UTC',
    current: { min: 1, max: 2, mean: 1.5, total: 100, coverage, buckets },
    previous: null,
  };
}

function step(
  id: number,
  dataPointId: number,
  from: string,
  to: string,
  status: RegisterStep['status'],
): RegisterStep {
  return {
    id,
    dataPointId,
    dataPointName: `#${dataPointId}`,
    unit: 'kWh',
    timeZone: 'UTC',
    from,
    to,
    fromValue: 100,
    toValue: 5000,
    movement: 'normal',
    kind: 'spike',
    used: 4900,
    rate: 400,
    typicalRate: 4,
    status,
    decidedBy: null,
    decidedAt: null,
    foundAt: to,
  };
}

const points = [
  point(1, 'Main meter'),
  point(2, 'Chiller'),
  point(3, 'Gas meter', 'gas'),
  point(4, 'Rest of building', 'electricity', true),
];

/** October 2026 as a report run pins it in UTC: 744 hours. */
function renderInOctober(data = {}) {
  renderInApp(
    <PagePeriodProvider value={{ fixed: OCTOBER_2026 }}>
      <DataQualityWidget data={data} />
    </PagePeriodProvider>,
  );
}

describe('data quality', () => {
  it('lists each stored point, least complete first, with its hours without a reading and the steps flagged in the period', async () => {
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: points, tags: [] }),
      answer('explorerSummary', {
        from: OCTOBER_2026.from,
        to: OCTOBER_2026.to,
        resolution: 'hour',
        summaries: [summary(1, 100, 744), summary(2, 87.5, 651), summary(3, 99.6, 741)],
      }),
      answer('registerSteps', {
        steps: [
          step(1, 2, '2026-10-10T00:00:00.000Z', '2026-10-10T01:00:00.000Z', 'open'),
          step(2, 2, '2026-10-20T00:00:00.000Z', '2026-10-20T01:00:00.000Z', 'accepted'),
          // In September: not this period's.
          step(3, 1, '2026-09-10T00:00:00.000Z', '2026-09-10T01:00:00.000Z', 'open'),
        ],
        open: 2,
      }),
    );
    renderInOctober();
    const table = await screen.findByRole('table', { name: 'the data quality' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Data pointReadings presentHours without a readingSteps flagged',
      'Chiller87.5 %932 (1 open)',
      'Gas meter99.6 %30',
      'Main meter100.0 %00',
    ]);
    // Intl puts thin spaces around the range's dash.
    expect(screen.getByTestId('quality-summary').textContent?.replace(/\s/g, ' ')).toBe(
      'Oct 1 – 31, 2026: 2 of 3 data points complete, 95.7 % of the expected readings on average. 2 register steps were flagged.',
    );
    // Stored points only, hour by hour over the run's period, and every step of the organisation's, decided or not.
    expect(callsTo(calls, 'explorerSummary').map((call) => call.request)).toEqual([
      {
        dataPointIds: [1, 2, 3],
        from: OCTOBER_2026.from,
        to: OCTOBER_2026.to,
        resolution: 'hour',
        compare: false,
      },
    ]);
    expect(callsTo(calls, 'registerSteps').map((call) => call.request)).toEqual([{ status: 'all' }]);
  });

  it("keeps to one intent's points when asked, and says when there is nothing to look at", async () => {
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: points, tags: [] }),
      answer('explorerSummary', {
        from: OCTOBER_2026.from,
        to: OCTOBER_2026.to,
        resolution: 'hour',
        summaries: [summary(3, 100, 744)],
      }),
      answer('registerSteps', { steps: [], open: 0 }),
    );
    renderInOctober({ intent: 'gas' });
    expect((await screen.findByTestId('quality-summary')).textContent).toMatch(
      /1 of 1 data point complete.+No register step was flagged\.$/,
    );
    expect(callsTo(calls, 'explorerSummary')[0]?.request.dataPointIds).toEqual([3]);
  });
});
