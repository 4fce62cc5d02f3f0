import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OCTOBER_2026 } from '../../src/data/fixed-period.test-helper';
import { PagePeriodProvider } from '../../src/data/page-period';
import { responseExamples } from '../../src/generated/api-examples';
import type { FloorPlan } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { explorerPoint } from '../../tests/fixtures/explorer-point';
import { renderInApp } from '../../tests/render';
import FloorPlanWidget from './index';
import { pointLook, scaleColour } from './plan-colours';
import { dayStart, replayedPlan, replayWindow, SLOT_MS, slotsIn } from './plan-replay';
import { ZoneForm } from './zone-form';

afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;
const recently = new Date(Date.now() - 5 * 60_000).toISOString();
const longAgo = new Date(Date.now() - 5 * HOUR).toISOString();

const PLAN: FloorPlan = {
  id: 7,
  entityId: 3,
  placePath: 'Head Office › Building A › Ground floor',
  name: 'Ground floor',
  image: 'FLOOR_PLAN/plan.webp',
  width: 1600,
  height: 1000,
  markers: [
    { key: 'warm', x: 0.2, y: 0.3, dataPointId: 1 },
    { key: 'quiet', x: 0.6, y: 0.3, dataPointId: 2 },
  ],
  zones: [],
  colourScale: null,
  revision: 4,
  updatedAt: recently,
  points: [
    {
      id: 1,
      name: 'Meeting room',
      unit: '°C',
      latest: { time: recently, value: 27.25 },
      alert: { state: 'firing', severity: 'critical' },
    },
    { id: 2, name: 'Store room', unit: '°C', latest: { time: longAgo, value: 19 }, alert: null },
  ],
  assets: [],
};

const midnight = dayStart('2026-11-30');
const DAY = {
  ...responseExamples.getChartDataByDate[0],
  series: [
    {
      ...(responseExamples.getChartDataByDate[0]
        .series[0] as (typeof responseExamples.getChartDataByDate)[0]['series'][number]),
      dataPointId: 1,
      points: {
        t: [midnight, midnight + SLOT_MS, midnight + 2 * SLOT_MS],
        v: [20, null, 22.5],
        reduced: false,
        step: SLOT_MS,
      },
    },
  ],
};

/** The plan's server: one plan listed, until it is deleted; a new picture answers with its own size. */
function usePlanServer() {
  let deleted = false;
  return useApi(
    answer('floorPlans', () => ({
      plans: deleted
        ? []
        : [
            {
              id: PLAN.id,
              entityId: PLAN.entityId,
              placePath: PLAN.placePath,
              name: PLAN.name,
              image: PLAN.image,
              width: PLAN.width,
              height: PLAN.height,
              markers: PLAN.markers.length,
              zones: 0,
            },
          ],
    })),
    answer('floorPlanDelete', () => {
      deleted = true;
      return { deleted: 1 };
    }),
    answer('floorPlanImage', () => ({
      plan: { ...PLAN, image: 'FLOOR_PLAN/redrawn.webp', width: 800, height: 500, revision: 5 },
    })),
    answer('floorPlan', { plan: PLAN }),
    answer('getEntitesForDataExplorer', {
      dataPoints: [
        explorerPoint({ id: 1, name: 'Meeting room' }),
        explorerPoint({ id: 9, name: 'Boiler flow' }),
      ],
      tags: [],
    }),
    answer('floorPlanUpdate', ({ markers }) => ({ plan: { ...PLAN, markers, revision: 5 } })),
    answer('siteTree', {
      sites: [
        {
          id: 3,
          type: 'site',
          name: 'Head Office',
          tags: [],
          dataPointCount: 2,
          children: [{ id: 11, type: 'asset', name: 'Pump 1', tags: [], dataPointCount: 0, children: [] }],
        },
      ],
    }),
    answer('getChartDataByDate', ({ from }) =>
      from === new Date(midnight).toISOString() ? DAY : responseExamples.getChartDataByDate[0],
    ),
  );
}

describe('floor plan', () => {
  it("lists what the plan shows: each point's latest value, its alert, and a stale value as stale", async () => {
    signInToSession({ role: 'viewer' });
    const calls = usePlanServer();
    renderInApp(<FloorPlanWidget data={{}} />);
    const list = await screen.findByRole('table', { name: 'What Ground floor shows' });
    const rows = within(list)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Data pointLatest valueState',
      'Meeting room27.25 °CAlert: critical',
      'Store room19 °CStale: no reading for over 2 hours',
    ]);
    expect(within(list).getByRole('link', { name: 'Meeting room' }).getAttribute('href')).toBe(
      '/data/explorer?points=1&range=today',
    );
    // A row picked: its value with its time, and its last 24 hours charted, by the quarter hour.
    fireEvent.click(within(list).getByText('27.25 °C'));
    const details = await screen.findByTestId('point-details');
    expect(within(details).getByText(/^27\.25 °C at /)).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'getChartDataByDate')).toHaveLength(1));
    const asked = callsTo(calls, 'getChartDataByDate')[0]?.request;
    expect(asked).toMatchObject({ dataPointIds: [1], resolution: '15min' });
    expect(Date.parse(asked?.to ?? '') - Date.parse(asked?.from ?? '')).toBe(24 * HOUR);
    // A viewer looks: nothing to place or move.
    expect(screen.queryByRole('button', { name: 'Place points' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New floor plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replace picture' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete plan' })).toBeNull();
  });

  it('lets an editor place a data point and an asset, and save the plan over the revision it started from', async () => {
    signInToSession({ role: 'editor' });
    const calls = usePlanServer();
    renderInApp(<FloorPlanWidget data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Place points' }));
    const picker = await screen.findByRole('combobox', { name: 'Place a data point…' });
    // The point already on the plan is not offered again.
    await waitFor(() =>
      expect([...picker.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
        'Place a data point…',
        'Boiler flow',
        'Pump 1',
      ]),
    );
    fireEvent.change(picker, { target: { value: 'point:9' } });
    fireEvent.change(picker, { target: { value: 'asset:11' } });
    // The first marker taken off the plan.
    fireEvent.click(within(screen.getByTestId('marker-warm')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'floorPlanUpdate')).toHaveLength(1));
    const saved = callsTo(calls, 'floorPlanUpdate')[0]?.request;
    expect(saved).toMatchObject({ id: 7, baseRevision: 4, zones: [], colourScale: null });
    expect(
      saved?.markers.map((marker) => [marker.dataPointId ?? `asset ${marker.assetId}`, marker.x, marker.y]),
    ).toEqual([
      [2, 0.6, 0.3],
      [9, 0.5, 0.5],
      ['asset 11', 0.5, 0.5],
    ]);
  });
});

describe("a plan's picture and the plan itself", () => {
  it('is replaced by an editor with a new picture of the floor, the markers kept', async () => {
    signInToSession({ role: 'editor' });
    const calls = usePlanServer();
    renderInApp(<FloorPlanWidget data={{}} />);
    await screen.findByRole('button', { name: 'Replace picture' });
    const picture = new File(['<svg/>'], 'redrawn.svg', { type: 'image/svg+xml' });
    fireEvent.change(screen.getByLabelText('New picture of Ground floor'), { target: { files: [picture] } });
    await waitFor(() => expect(callsTo(calls, 'floorPlanImage')).toHaveLength(1));
    expect(callsTo(calls, 'floorPlanImage')[0]?.request).toEqual({ id: 7 });
    await screen.findByText(
      'Ground floor: picture replaced; its markers and zones stay where they were on it.',
    );
    expect(callsTo(calls, 'floorPlanUpdate')).toHaveLength(0);
  });

  it('is deleted by an editor once she says yes, and the chooser moves on; a no keeps it', async () => {
    signInToSession({ role: 'editor' });
    const calls = usePlanServer();
    renderInApp(<FloorPlanWidget data={{}} />);
    const remove = await screen.findByRole('button', { name: 'Delete plan' });
    const asked: string[] = [];
    let yes = false;
    vi.spyOn(window, 'confirm').mockImplementation((question) => {
      asked.push(String(question));
      return yes;
    });
    fireEvent.click(remove);
    expect(asked).toEqual([
      'Delete the floor plan “Ground floor” with its markers and zones? Its data points and their readings stay.',
    ]);
    expect(callsTo(calls, 'floorPlanDelete')).toHaveLength(0);
    yes = true;
    fireEvent.click(remove);
    await screen.findByText('No floor plans yet');
    expect(callsTo(calls, 'floorPlanDelete').map((call) => call.request)).toEqual([{ id: 7 }]);
    // The deleted plan is not asked for again (it would answer 404 on screen).
    expect(callsTo(calls, 'floorPlan')).toHaveLength(1);
  });
});

describe('a plan in a report', () => {
  it('is the plan and its list, with nothing to edit, zoom, replay or pick, even for an editor previewing it', async () => {
    signInToSession({ role: 'editor' });
    usePlanServer();
    renderInApp(
      <PagePeriodProvider value={{ fixed: OCTOBER_2026 }}>
        <FloorPlanWidget data={{ planId: PLAN.id }} />
      </PagePeriodProvider>,
    );
    await screen.findByRole('table', { name: 'What Ground floor shows' });
    for (const name of ['Place points', 'Replace picture', 'Replay a day', 'Zoom in', 'Fit the plan']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByText('Click a marker or a row to see its last 24 hours.')).toBeNull();
  });
});

describe('a zone being drawn', () => {
  it('is added with the corners clicked, its name and the point that colours it, once it has three corners', async () => {
    signInToSession({ role: 'editor' });
    const added: unknown[] = [];
    const corners = [
      [0.1, 0.1],
      [0.4, 0.1],
    ];
    const { rerender } = renderInApp(
      <ZoneForm
        corners={corners}
        points={PLAN.points}
        places={[
          { id: 3, path: 'Head Office' },
          { id: 12, path: 'Head Office › Meeting room' },
        ]}
        onAdd={(zone) => added.push(zone)}
        onCancel={() => {}}
      />,
    );
    const form = screen.getByRole('form', { name: 'New zone' });
    expect(within(form).getByRole('status').textContent).toBe('2 corners so far; a zone needs 3 at least.');
    expect((within(form).getByRole('button', { name: 'Add zone' }) as HTMLButtonElement).disabled).toBe(true);
    const three = [...corners, [0.4, 0.5]];
    rerender(
      <ZoneForm
        corners={three}
        points={PLAN.points}
        places={[
          { id: 3, path: 'Head Office' },
          { id: 12, path: 'Head Office › Meeting room' },
        ]}
        onAdd={(zone) => added.push(zone)}
        onCancel={() => {}}
      />,
    );
    fireEvent.change(within(form).getByLabelText(/^Zone name/), { target: { value: 'Meeting room' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Coloured by' }), { target: { value: '1' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'The place it is' }), {
      target: { value: '12' },
    });
    fireEvent.submit(form);
    expect(added).toEqual([{ name: 'Meeting room', points: three, dataPointId: 1, placeId: 12 }]);
  });
});

describe('a day replayed', () => {
  it("shows each point's value at the quarter hour picked, nothing where the day has none, and no alerts", () => {
    const at = (slot: number) => replayedPlan(PLAN, DAY, midnight + slot * SLOT_MS).points;
    expect(at(0)[0]).toMatchObject({
      latest: { time: new Date(midnight).toISOString(), value: 20 },
      alert: null,
    });
    // A gap in the readings is a gap on the plan, not the value before it.
    expect(at(1)[0]?.latest).toBeNull();
    expect(at(5)[0]?.latest?.value).toBe(22.5);
    // A point the day has no series for shows nothing.
    expect(at(5)[1]?.latest).toBeNull();
  });

  it('is the whole local day where the clocks change: 23 hours in spring, 25 in autumn', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/London';
    try {
      expect([slotsIn('2026-03-29'), slotsIn('2026-03-30'), slotsIn('2026-10-25')]).toEqual([92, 96, 100]);
      const autumn = replayWindow('2026-10-25', 99);
      expect([autumn.from, autumn.to, autumn.at].map((moment) => new Date(moment).toISOString())).toEqual([
        '2026-10-24T23:00:00.000Z',
        '2026-10-26T00:00:00.000Z',
        '2026-10-25T23:45:00.000Z',
      ]);
      // The autumn day's last quarter hour, kept on moving to the short spring day, is that day's last.
      expect(new Date(replayWindow('2026-03-29', 99).at).toISOString()).toBe('2026-03-29T22:45:00.000Z');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('asks for the day from local midnight, by the quarter hour, for the points on the plan', async () => {
    signInToSession({ role: 'viewer' });
    const calls = usePlanServer();
    renderInApp(<FloorPlanWidget data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Replay a day' }));
    fireEvent.change(screen.getByLabelText('Day replayed'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('Time of day'), { target: { value: '2' } });
    await waitFor(() =>
      expect(callsTo(calls, 'getChartDataByDate').map((call) => call.request.from)).toContain(
        new Date(midnight).toISOString(),
      ),
    );
    const asked = callsTo(calls, 'getChartDataByDate').find(
      (call) => call.request.from === new Date(midnight).toISOString(),
    );
    expect(asked?.request).toMatchObject({
      dataPointIds: [1, 2],
      resolution: '15min',
      to: new Date(midnight + 24 * HOUR).toISOString(),
    });
    // At 00:30 the meeting room read 22.5 °C; the store room has no readings that day.
    const list = screen.getByRole('table', { name: 'What Ground floor shows' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual([
        'Data pointLatest valueState',
        'Meeting room22.5 °CNormal',
        'Store roomno readingNo reading yet',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    expect(await screen.findByRole('button', { name: 'Replay a day' })).toBeTruthy();
  });
});

describe("a plan's colours", () => {
  const point = PLAN.points[0] as FloorPlan['points'][number];
  const now = Date.now();

  it('colours by the most severe alert, and grey once the value is stale', () => {
    expect(pointLook(point, null, now)).toEqual({ colour: '#e53e3e', stale: false });
    expect(pointLook({ ...point, alert: null }, null, now).colour).toBe('#38a169');
    expect(pointLook(point, null, now + 3 * HOUR)).toEqual({ colour: '#a0aec0', stale: true });
  });

  it('colours by the scale from blue to red when the plan has one', () => {
    expect(pointLook(point, { min: 18, max: 26 }, now).colour).toBe(scaleColour(1));
    expect(scaleColour(0)).toBe('hsl(240, 75%, 48%)');
    expect(scaleColour(1)).toBe('hsl(0, 75%, 48%)');
    expect(scaleColour(0.5)).toBe('hsl(120, 75%, 48%)');
  });
});
