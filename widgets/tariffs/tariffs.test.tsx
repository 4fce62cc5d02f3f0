import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FindEntitiesResponse, Tariff, TariffVersion } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { routeOf } from '../../tests/api/endpoint-routes';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import Tariffs from './index';
import { blankVersion } from './tariff-draft';

beforeEach(() => {
  signInToSession({ role: 'editor' });
});
afterEach(() => {
  resetSession();
});

const twoWindows: TariffVersion = {
  ...blankVersion('2026-01-01'),
  windows: [
    { name: 'Off-peak', tiers: [{ upTo: null, price: 0.21 }] },
    { name: 'Peak', tiers: [{ upTo: null, price: 0.34 }] },
  ],
};
const business: Tariff = {
  id: 7,
  name: 'Business electricity',
  utility: 'electricity',
  unit: 'kWh',
  currency: 'EUR',
  versions: [twoWindows],
  assignments: [{ kind: 'entity', id: 11 }],
  updatedAt: '2026-11-01T00:00:00Z',
};
const places: FindEntitiesResponse = {
  entities: [
    {
      entity: {
        id: 11,
        type: 'site',
        name: 'Berlin plant',
        parentId: null,
        siteId: 11,
        tags: [],
        address: null,
        latitude: null,
        longitude: null,
        floorAreaM2: null,
        timeZone: 'Europe/Berlin',
        image: null,
        childCount: 0,
        dataPointCount: 2,
      },
      path: [],
    },
  ],
  total: 1,
};

function cell(month: number, hour: number): HTMLElement {
  return document.querySelector(`[data-cell="${month}:${hour}"]`) as HTMLElement;
}

/** The hours of a month's row that the second window (Peak) holds. */
function peakHours(hours: (number | null)[]): number[] {
  return hours.flatMap((window, hour) => (window === 1 ? [hour] : []));
}

/** Presses on one cell and releases on another, as a mouse dragging across the grid does. */
function drag(from: HTMLElement, to: HTMLElement) {
  fireEvent.pointerDown(from);
  fireEvent.pointerMove(to);
  fireEvent.pointerUp(to);
}

// The editor draws a 12 × 24 grid and a week of hours: happy-dom takes a few seconds for each such test.
describe('tariffs', { timeout: 30_000 }, () => {
  it('lists each tariff with its prices now, where it applies, and its versions', async () => {
    useApi(answer('getUserTariffs', { tariffs: [business] }), answer('findEntities', places));
    renderInApp(<Tariffs data={{}} />);
    const row = (await screen.findByText('Business electricity')).closest('tr') as HTMLElement;
    expect(within(row).getByText('0.21 – 0.34 EUR/kWh')).toBeTruthy();
    expect(within(row).getByText('Berlin plant')).toBeTruthy();
    expect(within(row).getByRole('listitem', { name: 'from 2026-01-01' })).toBeTruthy();
  });

  it('paints peak hours on weekdays across the year, and saves the schedule as painted', async () => {
    const calls = useApi(
      answer('getUserTariffs', { tariffs: [] }),
      answer('findEntities', places),
      answer('utilityOrTariff', (request) => ({
        tariff: { ...request, id: 8, assignments: [], updatedAt: business.updatedAt },
      })),
    );
    renderInApp(<Tariffs data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'New tariff' }));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Two-rate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add window' }));
    fireEvent.change(screen.getAllByLabelText(/^Window name/)[1] as HTMLElement, {
      target: { value: 'Peak' },
    });
    fireEvent.change(screen.getAllByLabelText(/^Price/)[1] as HTMLElement, { target: { value: '0,34' } });

    fireEvent.click(screen.getByRole('button', { name: '2 · Peak' }));
    drag(cell(0, 8), cell(11, 19));
    expect(cell(5, 12).getAttribute('aria-label')).toBe('Jun, 12:00: Peak');
    expect(cell(5, 7).getAttribute('aria-label')).toBe('Jun, 7:00: Standard');
    fireEvent.change(screen.getByRole('combobox', { name: 'Add a site or place…' }), {
      target: { value: '11' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save tariff' }));

    expect(await screen.findByText('Two-rate was saved')).toBeTruthy();
    const [saved] = callsTo(calls, 'utilityOrTariff').map((call) => call.request);
    const weekday = saved?.versions[0]?.schedule.weekday ?? [];
    expect(weekday.map(peakHours)).toEqual(
      Array.from({ length: 12 }, () => [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    );
    expect(saved?.versions[0]?.schedule.weekend.flat().every((window) => window === 0)).toBe(true);
    expect(saved?.versions[0]?.windows[1]).toEqual({ name: 'Peak', tiers: [{ upTo: null, price: 0.34 }] });
    expect(saved?.assignments).toEqual([{ kind: 'organisation' }, { kind: 'entity', id: 11 }]);
  });

  it("shows the server's refusal with its issues, on the version and the cell it points at", async () => {
    useApi(
      answer('getUserTariffs', { tariffs: [business] }),
      answer('findEntities', places),
      http.put(routeOf('utilityOrTariffUpdate'), () =>
        HttpResponse.json(
          {
            message: 'The tariff has problems.',
            issues: [
              {
                pointer: '/versions/0/schedule/weekend/6/3',
                message: 'No window is set for weekends in July at 03:00.',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    renderInApp(<Tariffs data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Business electricity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tariff' }));
    expect(await screen.findByText('No window is set for weekends in July at 03:00.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The tariff has problems.');
    fireEvent.click(screen.getByRole('button', { name: 'Weekends' }));
    expect(cell(6, 3).dataset.flagged).toBe('true');
    expect(document.querySelectorAll('[data-flagged]')).toHaveLength(1);
  });

  it('paints a range chosen with the keyboard: summer weekend afternoons', async () => {
    const calls = useApi(
      answer('getUserTariffs', { tariffs: [business] }),
      answer('findEntities', places),
      answer('utilityOrTariffUpdate', ({ id: _id, ...request }) => ({ tariff: { ...business, ...request } })),
    );
    renderInApp(<Tariffs data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Business electricity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Weekends' }));
    fireEvent.click(screen.getByRole('button', { name: '2 · Peak' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'From month' }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'To month' }), { target: { value: '7' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'From hour' }), { target: { value: '12' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'To hour (included)' }), {
      target: { value: '15' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Paint range' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tariff' }));
    await screen.findByText('Business electricity was saved');
    const [saved] = callsTo(calls, 'utilityOrTariffUpdate').map((call) => call.request);
    const weekend = saved?.versions[0]?.schedule.weekend ?? [];
    expect(weekend.map(peakHours)).toEqual(
      Array.from({ length: 12 }, (_, month) => (month >= 5 && month <= 7 ? [12, 13, 14, 15] : [])),
    );
    expect(saved?.versions[0]?.schedule.weekday.flat().every((window) => window === 0)).toBe(true);
  });

  it('removes a window so that its hours go to the first and the later ones keep theirs', async () => {
    const three: Tariff = {
      ...business,
      versions: [
        {
          ...twoWindows,
          windows: [...twoWindows.windows, { name: 'Night', tiers: [{ upTo: null, price: 0.12 }] }],
          schedule: {
            weekday: twoWindows.schedule.weekday.map(() => [2, 2, 1, 1, ...Array(20).fill(0)]),
            weekend: twoWindows.schedule.weekend,
          },
        },
      ],
    };
    const calls = useApi(
      answer('getUserTariffs', { tariffs: [three] }),
      answer('findEntities', places),
      answer('utilityOrTariffUpdate', ({ id: _id, ...request }) => ({ tariff: { ...business, ...request } })),
    );
    renderInApp(<Tariffs data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Business electricity' }));
    const peak = screen.getByRole('group', { name: 'Window 2' });
    fireEvent.click(within(peak).getByRole('button', { name: 'Remove window' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tariff' }));
    await screen.findByText('Business electricity was saved');
    const [saved] = callsTo(calls, 'utilityOrTariffUpdate').map((call) => call.request);
    expect(saved?.versions[0]?.windows.map((window) => window.name)).toEqual(['Off-peak', 'Night']);
    expect(saved?.versions[0]?.schedule.weekday[0]?.slice(0, 5)).toEqual([1, 1, 0, 0, 0]);
  });

  it('adds a version from a date: the one before ends there and the timeline shows both', async () => {
    const calls = useApi(
      answer('getUserTariffs', { tariffs: [business] }),
      answer('findEntities', places),
      answer('utilityOrTariffUpdate', ({ id: _id, ...request }) => ({ tariff: { ...business, ...request } })),
    );
    renderInApp(<Tariffs data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Business electricity' }));
    fireEvent.change(screen.getByLabelText('New version from'), { target: { value: '2027-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add version' }));
    expect(screen.getByRole('button', { name: 'from 2027-01-01' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: '2026-01-01 to 2026-12-31' })).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText(/^Price/)[1] as HTMLElement, { target: { value: '0.39' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tariff' }));
    await screen.findByText('Business electricity was saved');
    const [saved] = callsTo(calls, 'utilityOrTariffUpdate').map((call) => call.request);
    expect(saved?.versions.map(({ validFrom, validTo }) => [validFrom, validTo])).toEqual([
      ['2026-01-01', '2027-01-01'],
      ['2027-01-01', null],
    ]);
    expect(saved?.versions.map((version) => version.windows[1]?.tiers[0]?.price)).toEqual([0.34, 0.39]);
  });

  it('lets a viewer read a tariff but not change it, and offers no new one', async () => {
    signInToSession({ role: 'viewer' });
    const calls = useApi(answer('getUserTariffs', { tariffs: [business] }), answer('findEntities', places));
    renderInApp(<Tariffs data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Business electricity' }));
    expect(screen.queryByRole('button', { name: 'New tariff' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save tariff' })).toBeNull();
    drag(cell(0, 0), cell(0, 5));
    expect(cell(0, 3).getAttribute('aria-label')).toBe('Jan, 3:00: Off-peak');
    expect(callsTo(calls, 'utilityOrTariffUpdate')).toHaveLength(0);
  });

  it('previews a week: weekday peaks, a weekend off-peak, a holiday as its own day type', async () => {
    const holidays: Tariff = {
      ...business,
      versions: [
        {
          ...twoWindows,
          holidays: ['2026-12-25'],
          schedule: {
            weekday: twoWindows.schedule.weekday.map(() => [
              ...Array(8).fill(0),
              ...Array(12).fill(1),
              ...Array(4).fill(0),
            ]),
            weekend: twoWindows.schedule.weekend,
          },
        },
      ],
    };
    useApi(answer('getUserTariffs', { tariffs: [holidays] }), answer('findEntities', places));
    renderInApp(<Tariffs data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Business electricity' }));
    fireEvent.change(screen.getByLabelText('Week of'), { target: { value: '2026-12-23' } });
    // Mon 21 to Thu 24 December: 4 weekdays × 12 peak hours; Friday 25th a holiday, priced as a weekend.
    const legend = screen.getByTestId('week-legend').textContent ?? '';
    expect(legend).toContain('2 Peak: 0.34 EUR/kWh, 48 h');
    expect(legend).toContain('1 Off-peak: 0.21 EUR/kWh, 120 h');
  });
});
