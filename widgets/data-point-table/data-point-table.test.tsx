import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataPoint, DataPointIntent, SiteTreeResponse } from '../../src/generated/api-types';
import { i18next } from '../../src/i18n/i18n';
import { answer, failWith } from '../../tests/api/answers';
import { type ApiCall, callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import { coverageColour } from './coverage-bar';
import DataPointTable from './index';
import { relativeTime } from './relative-time';

// An editor, the lowest role that may add a data point; the tests of a viewer sign in as one.
beforeEach(() => {
  signInToSession({ role: 'editor' });
});
afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

const PATH = '/devices/all/:dpName?/:fname?/:id?';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function point(overrides: Partial<DataPoint>): DataPoint {
  return {
    id: 1,
    name: 'Main meter',
    intent: 'electricity',
    unit: 'kWh',
    kind: 'cumulative',
    source: 'rest',
    intervalMinutes: 15,
    registerMax: null,
    mqttTopic: null,
    entityId: 10,
    entityName: 'Plant room',
    entityPath: ['HQ', 'Building A', 'Plant room'],
    siteId: 9,
    timeZone: 'Europe/London',
    lastValue: 48210.5,
    lastSeen: minutesAgo(5),
    coverage: 97.3,
    readings: 2800,
    openSteps: 0,
    createdAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

const points = [
  point({}),
  point({
    id: 2,
    name: 'Office temperature',
    intent: 'temperature',
    unit: '°C',
    kind: 'instantaneous',
    source: 'mqtt',
    entityPath: ['HQ', 'Office'],
    lastValue: 21.4,
    lastSeen: minutesAgo(60 * 26),
    coverage: 41.2,
  }),
];

const intents: DataPointIntent[] = [
  {
    intent: 'electricity',
    label: 'Electricity',
    defaultUnit: 'kWh',
    defaultKind: 'cumulative',
    units: [
      { unit: 'kWh', kinds: ['cumulative', 'interval'] },
      { unit: 'kW', kinds: ['instantaneous'] },
    ],
    anyUnit: false,
  },
  {
    intent: 'temperature',
    label: 'Temperature',
    defaultUnit: '°C',
    defaultKind: 'instantaneous',
    units: [{ unit: '°C', kinds: ['instantaneous'] }],
    anyUnit: false,
  },
];

const tree: SiteTreeResponse = {
  sites: [
    {
      id: 9,
      type: 'site',
      name: 'HQ',
      tags: [],
      dataPointCount: 2,
      children: [{ id: 10, type: 'room', name: 'Plant room', tags: [], dataPointCount: 1, children: [] }],
    },
  ],
};

/** The table's API: these points, the intents and the tree; the handlers given answer first. */
function useTableApi(list: DataPoint[], ...first: HttpHandler[]): ApiCall[] {
  return useApi(
    ...first,
    answer('getDataPoint', { dataPoints: list }),
    answer('dataPointIntents', { intents }),
    answer('siteTree', tree),
  );
}

describe('data point table', () => {
  it('lists each point with its place, unit, kind, source, last value, when it was last seen and its coverage', async () => {
    useTableApi(points);
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    const row = (await screen.findByText('Main meter')).closest('tr') as HTMLElement;
    expect(within(row).getByText('HQ › Building A › Plant room')).toBeTruthy();
    expect(within(row).getByText('48,210.5 kWh')).toBeTruthy();
    expect(within(row).getByText('5 minutes ago')).toBeTruthy();
    expect(within(row).getByText('97.3 %')).toBeTruthy();
    expect(within(row).getByText('rest')).toBeTruthy();
    const other = screen.getByText('Office temperature').closest('tr') as HTMLElement;
    expect(within(other).getByText('yesterday')).toBeTruthy();
    expect(within(other).getByLabelText('Coverage 41.2 %')).toBeTruthy();
  });

  it('searches by name, place or unit', async () => {
    useTableApi(points);
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    await screen.findByText('Main meter');
    fireEvent.change(screen.getByLabelText('Search data points'), { target: { value: '°c' } });
    expect(screen.queryByText('Main meter')).toBeNull();
    expect(screen.getByText('Office temperature')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search data points'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No data point matches “nothing like it”.')).toBeTruthy();
  });

  it('opens the details of a clicked row in the route, and closes them', async () => {
    useTableApi(points);
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    fireEvent.click((await screen.findByText('Office temperature')).closest('tr') as HTMLElement);
    expect(screen.getByTestId('location').textContent).toBe('/devices/all/Office%20temperature/details/2');
    const details = await screen.findByRole('region', { name: 'Details of Office temperature' });
    expect(within(details).getByText('Europe/London')).toBeTruthy();
    expect(within(details).getByText('2')).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Close details' }));
    expect(screen.getByTestId('location').textContent).toBe('/devices/all');
  });

  it('warns of readings to review on a point with open suspicious steps, in its row and its details', async () => {
    useTableApi([point({ openSteps: 2 }), ...points.slice(1)]);
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all/Main%20meter/details/1', path: PATH });
    const details = await screen.findByRole('region', { name: 'Details of Main meter' });
    expect(within(details).getByRole('status').textContent).toBe(
      'Readings to review: 2. Until you decide under Readings to review, a jump across a gap books nothing and any other step is booked as the meter sent it.',
    );
    const row = screen.getByRole('link', { name: 'Main meter' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Still to decide: 2')).toBeTruthy();
    const other = screen.getByText('Office temperature').closest('tr') as HTMLElement;
    expect(within(other).queryByText(/Still to decide/)).toBeNull();
  });

  it('shows the details named in the address on arrival', async () => {
    useTableApi(points);
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all/Main%20meter/details/1', path: PATH });
    expect(await screen.findByRole('region', { name: 'Details of Main meter' })).toBeTruthy();
  });

  it('deletes a point from its details after saying how many readings go, and lists the rest', async () => {
    let deleted = false;
    const calls = useApi(
      answer('deleteDataPoint', ({ dryRun }) => {
        deleted = !dryRun;
        return { deleted, name: 'Main meter', entities: 0, dataPoints: 1, readings: 35_040, usedBy: [] };
      }),
      answer('getDataPoint', () => ({ dataPoints: deleted ? points.slice(1) : points })),
      answer('dataPointIntents', { intents }),
      answer('siteTree', tree),
    );
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all/Main%20meter/details/1', path: PATH });
    const details = await screen.findByRole('region', { name: 'Details of Main meter' });
    fireEvent.click(within(details).getByRole('button', { name: 'Delete Main meter' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Main meter”?' });
    expect(await within(dialog).findByText('35,040 stored readings')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete “Main meter”' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/devices/all'));
    await waitFor(() => expect(screen.queryByText('Main meter')).toBeNull());
    expect(screen.getByText('Office temperature')).toBeTruthy();
    expect(callsTo(calls, 'deleteDataPoint').map((call) => call.request)).toEqual([
      { dataPointId: 1, dryRun: true },
      { dataPointId: 1 },
    ]);
  });

  it('says why a point cannot be deleted when the server refuses to say what would go, and offers no delete', async () => {
    useTableApi(points, failWith('deleteDataPoint', 404, 'No such data point in your organisation.'));
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all/Main%20meter/details/1', path: PATH });
    const details = await screen.findByRole('region', { name: 'Details of Main meter' });
    fireEvent.click(within(details).getByRole('button', { name: 'Delete Main meter' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByText('No such data point in your organisation.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('offers an editor a new data point beside the list', async () => {
    useTableApi(points);
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    await screen.findByText('Main meter');
    expect(screen.getByRole('button', { name: 'Add data point' })).toBeTruthy();
  });

  it('offers a viewer the list and the details, but no new data point', async () => {
    signInToSession({ role: 'viewer' });
    useTableApi(points);
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all/Main%20meter/details/1', path: PATH });
    expect(await screen.findByRole('region', { name: 'Details of Main meter' })).toBeTruthy();
    expect(screen.getByText('Office temperature')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add data point' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Main meter' })).toBeNull();
  });

  it('tells a viewer with no points yet whom to ask, and offers neither a point nor a site', async () => {
    signInToSession({ role: 'viewer' });
    useTableApi([], answer('siteTree', { sites: [] }));
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    expect(await screen.findByText(/Editors of your organisation add them; ask one/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a data point' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a site' })).toBeNull();
  });

  it('says honestly that there are no points yet and offers to add one', async () => {
    useTableApi([]);
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    expect(await screen.findByText('No data points yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a data point' })).toBeTruthy();
  });

  it('asks for a site first when there is nowhere to put a point', async () => {
    useTableApi([], answer('siteTree', { sites: [] }));
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    expect(await screen.findByText(/Add a site first/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a site' }).getAttribute('href')).toBe('/sites');
  });

  it('adds a point on an entity picked from the tree, with the units and kinds its intent allows', async () => {
    const added = point({ id: 7, name: 'Chiller power', unit: 'kW', kind: 'instantaneous', readings: 0 });
    let stored: DataPoint[] = [];
    const calls = useApi(
      answer('addDataPointsRef', () => {
        stored = [added];
        return { dataPoints: [{ id: 7, name: 'Chiller power' }] };
      }),
      answer('getDataPoint', () => ({ dataPoints: stored })),
      answer('dataPointIntents', { intents }),
      answer('siteTree', tree),
    );
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a data point' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Chiller power' } });
    fireEvent.change(within(dialog).getByLabelText(/^On/), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Unit'), { target: { value: 'kW' } });
    // kW is a power: only instantaneous values make sense, so the kind follows.
    expect((within(dialog).getByLabelText('Kind of values') as HTMLSelectElement).value).toBe(
      'instantaneous',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add data point' }));
    expect(await screen.findByText('Chiller power was added')).toBeTruthy();
    expect(callsTo(calls, 'addDataPointsRef')[0]?.request).toEqual({
      dataPoints: [
        {
          entityId: 10,
          name: 'Chiller power',
          intent: 'electricity',
          unit: 'kW',
          kind: 'instantaneous',
          intervalMinutes: 15,
        },
      ],
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/devices/all/Chiller%20power/details/7'),
    );
    // The table was read again before the dialog closed: the new point's details are there to open.
    expect(screen.getByRole('region', { name: 'Details of Chiller power' })).toBeTruthy();
  });

  it("shows the server's reason when a point is refused, and asks for an entity id without the tree", async () => {
    useTableApi(
      [],
      failWith('siteTree', 404, 'no tree'),
      failWith(
        'addDataPointsRef',
        400,
        'The request body is not valid: /dataPoints/0/name: a data point named "Main" already exists in your organisation',
      ),
    );
    renderInApp(<DataPointTable data={{}} />, { route: '/devices/all', path: PATH });
    // The places' failure is said, not swallowed: the person knows why they type a number.
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Your sites and places could not be loaded: no tree/,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a data point' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Main' } });
    fireEvent.change(within(dialog).getByLabelText(/^Entity id/), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add data point' }));
    expect(await within(dialog).findByText(/a data point named "Main" already exists/)).toBeTruthy();
  });
});

describe('data point table helpers', () => {
  it('says how long ago in words', () => {
    const now = Date.parse('2026-01-15T12:00:00Z');
    const t = i18next.getFixedT(null, 'data-point-table');
    expect(relativeTime(null, now, t)).toBe('never');
    expect(relativeTime('2026-01-15T11:59:40Z', now, t)).toBe('just now');
    expect(relativeTime('2026-01-15T09:00:00Z', now, t)).toBe('3 hours ago');
    expect(relativeTime('2025-12-01T12:00:00Z', now, t)).toBe('last month');
  });

  it('colours coverage green, orange or red', () => {
    expect([
      coverageColour(100),
      coverageColour(95),
      coverageColour(94.9),
      coverageColour(80),
      coverageColour(79.9),
    ]).toEqual(['green', 'green', 'orange', 'orange', 'red']);
  });
});
