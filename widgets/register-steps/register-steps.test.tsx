import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { registerStep } from '../../tests/fixtures/register-step';
import { renderInApp } from '../../tests/render';
import RegisterSteps from './index';

// An editor, the lowest role that may decide on a step; the tests of a viewer sign in as one.
beforeEach(() => {
  signInToSession({ role: 'editor' });
});
afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

const PATH = '/devices/all/:dpName?/:fname?/:id?';

const step = registerStep;

const drop = step({});
const spike = step({
  id: 2,
  dataPointId: 6,
  dataPointName: 'Gas',
  unit: 'm³',
  from: '2026-11-18T06:00:00.000Z',
  to: '2026-11-18T06:15:00.000Z',
  fromValue: 37_912.4,
  toValue: 47_912.4,
  movement: 'normal',
  kind: 'spike',
  used: 10_000,
  rate: 40_000,
  typicalRate: 8,
});

const gap = step({
  id: 3,
  dataPointId: 3,
  dataPointName: 'Annex meter',
  from: '2026-03-02T10:00:00.000Z',
  to: '2026-09-01T10:00:00.000Z',
  fromValue: 120_450,
  toValue: 150_450,
  movement: 'normal',
  kind: 'gap',
  used: 30_000,
  rate: 6.87,
  typicalRate: 7.1,
});

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('register steps', () => {
  it("lists the organisation's open steps: what happened, how each is booked meanwhile, and how many are open", async () => {
    const calls = useApi(answer('registerSteps', { steps: [spike, drop], open: 2 }));
    renderInApp(<RegisterSteps data={{}} />, { route: '/devices/all', path: PATH });
    await screen.findByText('Gas');
    expect(callsTo(calls, 'registerSteps')[0]?.request).toEqual({});
    expect(screen.getByText('Still to decide: 2')).toBeTruthy();
    const gas = rowOf('Gas');
    expect(within(gas).getByText('Rose by 10,000 m³ at 5,000 times the usual rate')).toBeTruthy();
    expect(within(gas).getByText('10,000 m³ at once')).toBeTruthy();
    expect(within(gas).getByText('to decide')).toBeTruthy();
    const meter = rowOf('Main meter');
    expect(
      within(meter).getByText('Fell from 52,310 kWh to 30,000 kWh: neither a reset nor a rollover'),
    ).toBeTruthy();
  });

  it('says a jump across a gap books nothing until someone decides, and books it as decided after', async () => {
    useApi(
      answer('registerSteps', {
        steps: [gap, { ...gap, id: 4, dataPointName: 'Kept meter', status: 'accepted' }],
        open: 1,
      }),
    );
    renderInApp(<RegisterSteps data={{}} />, { route: '/devices/all', path: PATH });
    await screen.findByText('Annex meter');
    const open = rowOf('Annex meter');
    expect(within(open).getByText('Rose by 30,000 kWh across 183 d without readings')).toBeTruthy();
    expect(within(open).getByText('nothing until you decide')).toBeTruthy();
    expect(within(rowOf('Kept meter')).getByText('30,000 kWh at once')).toBeTruthy();
  });

  it('shows the steps of the data point open in the route, decided ones too', async () => {
    const calls = useApi(
      answer('registerSteps', {
        steps: [step({ status: 'spread', decidedBy: 'Ada Lovelace', decidedAt: '2026-11-20T10:00:00.000Z' })],
        open: 0,
      }),
    );
    renderInApp(<RegisterSteps data={{}} />, { route: '/devices/all/Main%20meter/details/14', path: PATH });
    const meter = (await screen.findByText('Main meter')).closest('tr') as HTMLElement;
    expect(callsTo(calls, 'registerSteps')[0]?.request).toEqual({ dataPointId: 14 });
    expect(within(meter).getByText('30,000 kWh spread over 2 d')).toBeTruthy();
    expect(within(meter).getByText('spread by Ada Lovelace')).toBeTruthy();
    expect(within(meter).getByRole('button', { name: 'Spread' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('spreads a step when asked, says so and shows it booked anew', async () => {
    let decided = false;
    const calls = useApi(
      answer('registerSteps', () => ({
        steps: [decided ? step({ status: 'spread', decidedBy: 'Ada Lovelace' }) : drop],
        open: decided ? 0 : 1,
      })),
      answer('registerStepDecide', () => {
        decided = true;
        return { step: step({ status: 'spread', decidedBy: 'Ada Lovelace' }) };
      }),
    );
    renderInApp(<RegisterSteps data={{}} />, { route: '/devices/all', path: PATH });
    await screen.findByText('Main meter');
    fireEvent.click(within(rowOf('Main meter')).getByRole('button', { name: 'Spread' }));
    expect(await screen.findByText('The step of Main meter is now spread.')).toBeTruthy();
    expect(callsTo(calls, 'registerStepDecide')[0]?.request).toEqual({ id: 1, decision: 'spread' });
    await waitFor(() =>
      expect(within(rowOf('Main meter')).getByText('30,000 kWh spread over 2 d')).toBeTruthy(),
    );
    expect(screen.getByText('Still to decide: 0')).toBeTruthy();
  });

  it('offers an editor the three choices on each step', async () => {
    useApi(answer('registerSteps', { steps: [drop], open: 1 }));
    renderInApp(<RegisterSteps data={{}} />, { route: '/devices/all', path: PATH });
    const meter = (await screen.findByText('Main meter')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Decide' })).toBeTruthy();
    for (const choice of ['Accept', 'Spread', 'Exclude']) {
      expect(within(meter).getByRole('button', { name: choice })).toBeTruthy();
    }
  });

  it('shows a viewer the steps and how they are booked, but no choice to make', async () => {
    signInToSession({ role: 'viewer' });
    useApi(
      answer('registerSteps', {
        steps: [drop, step({ id: 3, dataPointName: 'Gas', status: 'spread' })],
        open: 1,
      }),
    );
    renderInApp(<RegisterSteps data={{}} />, { route: '/devices/all', path: PATH });
    const meter = (await screen.findByText('Main meter')).closest('tr') as HTMLElement;
    expect(within(meter).getByText('30,000 kWh at once')).toBeTruthy();
    expect(within(rowOf('Gas')).getByText('spread')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Decide' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Accept|Spread|Exclude)$/ })).toBeNull();
  });

  it("shows the server's reason when a choice is refused, and keeps the step as it was", async () => {
    useApi(
      answer('registerSteps', { steps: [drop], open: 1 }),
      failWith('registerStepDecide', 404, 'There is no register step 1 in your organisation.'),
    );
    renderInApp(<RegisterSteps data={{}} />, { route: '/devices/all', path: PATH });
    await screen.findByText('Main meter');
    fireEvent.click(within(rowOf('Main meter')).getByRole('button', { name: 'Exclude' }));
    expect(await screen.findByText('There is no register step 1 in your organisation.')).toBeTruthy();
    expect(within(rowOf('Main meter')).getByText('to decide')).toBeTruthy();
  });

  it('says plainly when there is nothing to review, and when the list cannot be loaded', async () => {
    useApi(answer('registerSteps', { steps: [], open: 0 }));
    const { unmount } = renderInApp(<RegisterSteps data={{ dataPointId: 3 }} />, {
      route: '/devices/all',
      path: PATH,
    });
    expect(await screen.findByText('No suspicious steps on this data point.')).toBeTruthy();
    unmount();
    useApi(failWith('registerSteps', 500, 'The server answered 500.'));
    renderInApp(<RegisterSteps data={{}} />, { route: '/devices/all', path: PATH });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /The readings to review could not be loaded: The server answered 500\./,
    );
  });
});
