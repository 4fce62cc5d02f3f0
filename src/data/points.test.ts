import { describe, expect, it } from 'vitest';
import type { ExplorerDataPoint } from '../../src/generated/api-types';
import { pointSearchOver } from '../../tests/api/point-search';
import { callsTo, useApi } from '../../tests/api/test-server';
import { fetchPoints } from './points';
import { createQueryClient } from './query-client';

const point = (id: number, intent: string, tags: string[]): ExplorerDataPoint => ({
  id,
  name: `Point ${id}`,
  unit: 'kWh',
  kind: 'cumulative',
  intent,
  virtual: false,
  formula: null,
  entityId: 1,
  path: ['Head Office'],
  tags,
  lastTs: null,
});

describe('choosing data points by intent and tags', () => {
  it('keeps the tagged points of the intent when some carry the tags', async () => {
    useApi(
      pointSearchOver([
        point(1, 'electricity', ['fiscal']),
        point(2, 'electricity', []),
        point(3, 'gas', ['fiscal']),
      ]),
    );
    const resolved = await fetchPoints(createQueryClient(), { intent: 'electricity', tags: ['fiscal'] });
    expect(resolved.points.map((chosen) => chosen.id)).toEqual([1]);
    expect(resolved.unmatchedTags).toBeUndefined();
  });

  it('takes every point of the intent and names the tags when none carries them, as in a new organisation', async () => {
    const calls = useApi(
      pointSearchOver([point(1, 'electricity', []), point(2, 'electricity', []), point(3, 'gas', [])]),
    );
    const resolved = await fetchPoints(createQueryClient(), { intent: 'electricity', tags: ['fiscal'] });
    expect(resolved.points.map((chosen) => chosen.id)).toEqual([1, 2]);
    expect(resolved.unmatchedTags).toEqual(['fiscal']);
    expect(callsTo(calls, 'getEntitesForDataExplorer').map((call) => call.request)).toEqual([
      { search: 'electricity', tags: ['fiscal'] },
      { search: 'electricity' },
    ]);
  });

  it('keeps the weather out of an indoor temperature: the search finds the outdoor point by its text, the intent drops it', async () => {
    const indoor = { ...point(1, 'temperature', []), name: 'Temperature – wet lab (New York)', unit: '°C' };
    const outdoor = {
      ...point(2, 'outdoorTemperature', ['outdoor']),
      name: 'Outdoor temperature (New York)',
      unit: '°C',
    };
    useApi(pointSearchOver([indoor, outdoor]));
    const client = createQueryClient();
    // The "Mean indoor temperature today" KPI of the beta dashboard.
    const resolved = await fetchPoints(client, { intent: 'temperature', unit: '°C' });
    expect(resolved.points.map((chosen) => chosen.id)).toEqual([1]);
    const weather = await fetchPoints(client, { intent: 'outdoorTemperature', unit: '°C' });
    expect(weather.points.map((chosen) => chosen.id)).toEqual([2]);
  });

  it('chooses nothing, and names no tags, when the organisation has no point of the intent', async () => {
    useApi(pointSearchOver([point(3, 'gas', [])]));
    const resolved = await fetchPoints(createQueryClient(), { intent: 'electricity', tags: ['fiscal'] });
    expect(resolved).toEqual({ points: [], missing: [] });
  });

  it('finds a point the layout names even when it carries none of the tags, as a new organisation picks its own', async () => {
    const calls = useApi(pointSearchOver([point(1, 'electricity', ['fiscal']), point(2, 'electricity', [])]));
    const resolved = await fetchPoints(createQueryClient(), {
      dataPoints: ['Point 2'],
      intent: 'electricity',
      tags: ['fiscal'],
    });
    expect(resolved).toEqual({ points: [expect.objectContaining({ id: 2 })], missing: [] });
    expect(callsTo(calls, 'getEntitesForDataExplorer').map((call) => call.request)).toEqual([
      { search: 'Point 2' },
    ]);
  });

  it("chooses only within a report's scope: the scope goes with every search, and into the query's key", async () => {
    const calls = useApi(pointSearchOver([point(1, 'electricity', ['fiscal'])]));
    const client = createQueryClient();
    await fetchPoints(client, { intent: 'electricity', tags: ['fiscal'], scope: { siteIds: [4] } });
    await fetchPoints(client, { intent: 'electricity', tags: ['fiscal'], scope: { siteIds: [5] } });
    expect(callsTo(calls, 'getEntitesForDataExplorer').map((call) => call.request)).toEqual([
      { search: 'electricity', tags: ['fiscal'], siteIds: [4] },
      { search: 'electricity', tags: ['fiscal'], siteIds: [5] },
    ]);
  });
});
