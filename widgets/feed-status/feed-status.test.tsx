import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExplorerDataPoint } from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import { feedStates } from './feed-states';
import FeedStatusWidget from './index';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

function point(id: number, name: string, lastTs: string | null, virtual = false): ExplorerDataPoint {
  return {
    id,
    name,
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    virtual,
    formula: null,
    entityId: 1,
    path: ['London – Clerkenwell Office', 'Ground floor'],
    tags: [],
    lastTs,
  };
}

const points = [
  point(1, 'Main meter', hoursAgo(0.25)),
  point(2, 'Lighting', hoursAgo(30)),
  point(3, 'Chiller', hoursAgo(300)),
  point(4, 'Solar', null),
  point(5, 'Whole building', hoursAgo(300), true),
];

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('feed states', () => {
  it('counts stored points by whether they report, the longest silent first, virtual points left out', () => {
    const feeds = feedStates(points, NOW, 24);
    expect({ reporting: feeds.reporting, silent: feeds.silent, never: feeds.never }).toEqual({
      reporting: 1,
      silent: 2,
      never: 1,
    });
    expect(feeds.quiet.map(({ point, state }) => [point.name, state])).toEqual([
      ['Chiller', 'silent'],
      ['Lighting', 'silent'],
      ['Solar', 'never'],
    ]);
  });

  it('counts a point silent only past the hours allowed', () => {
    expect(feedStates(points, NOW, 48).silent).toBe(1);
  });
});

describe('feed status widget', () => {
  it('shows the counts and lists the quiet feeds with their last reading, the longest silent first', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const calls = useApi(answer('getEntitesForDataExplorer', { dataPoints: points, tags: ['meter'] }));
    renderInApp(<FeedStatusWidget data={{ tags: ['meter'], limit: 2 }} />);
    const quiet = await screen.findAllByTestId('quiet-feed');
    expect(quiet.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Chillerlast reading 2 weeks ago'),
      expect.stringContaining('Lightinglast reading yesterday'),
    ]);
    expect(
      within(quiet[0] as HTMLElement).getByText('London – Clerkenwell Office › Ground floor'),
    ).toBeTruthy();
    expect(screen.getByTestId('feeds-reporting').textContent).toBe('1 reporting');
    expect(screen.getByTestId('feeds-silent').textContent).toBe('2 silent');
    expect(screen.getByTestId('feeds-never').textContent).toBe('1 never heard from');
    // Two listed of three quiet: the third is counted, not hidden without a word.
    expect(screen.getByText('and 1 more')).toBeTruthy();
    expect(callsTo(calls, 'getEntitesForDataExplorer')[0]?.request).toEqual({ tags: ['meter'] });
  });

  it('says so when every feed reported lately', async () => {
    useApi(
      answer('getEntitesForDataExplorer', {
        dataPoints: [point(1, 'Main meter', new Date().toISOString())],
        tags: [],
      }),
    );
    renderInApp(<FeedStatusWidget data={{}} />);
    expect(await screen.findByText('The data feed sent a reading in the last 24 hours.')).toBeTruthy();
    expect(screen.queryByTestId('quiet-feed')).toBeNull();
  });

  it('tells an organisation without data points how to add one', async () => {
    useApi(answer('getEntitesForDataExplorer', { dataPoints: [], tags: [] }));
    renderInApp(<FeedStatusWidget data={{}} />);
    expect((await screen.findByRole('status')).textContent).toMatch(/^No data feeds yet: add a data point/);
  });

  it('says what could not be loaded, and why', async () => {
    useApi(failWith('getEntitesForDataExplorer', 500, 'the database is down'));
    renderInApp(<FeedStatusWidget data={{}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('the database is down');
  });
});
