import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import AlertList from './index';

beforeEach(() => {
  signInToSession({ role: 'viewer' });
});
afterEach(() => {
  resetSession();
});

function alert(fields: Partial<Alert>): Alert {
  return {
    id: 1,
    ruleId: 1,
    ruleName: 'Fridge too warm',
    dataPointId: 4,
    dataPointName: 'Fridge',
    severity: 'critical',
    state: 'firing',
    value: 9.5,
    startedAt: '2026-11-30T08:00:00.000Z',
    firedAt: '2026-11-30T08:30:00.000Z',
    resolvedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    snoozedUntil: null,
    events: [],
    ...fields,
  };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('the alert list', () => {
  it('lists the open alerts with their severity, state and reading, and lets a viewer acknowledge one', async () => {
    const silent = alert({
      id: 2,
      ruleName: 'Gateway silent',
      dataPointName: 'Main meter',
      severity: 'warning',
      value: null,
    });
    const calls = useApi(
      answer('alerts', { alerts: [alert({}), silent] }),
      answer('alertAcknowledge', {
        alert: alert({ acknowledgedAt: '2026-11-30T09:00:00.000Z', acknowledgedBy: 'Ann' }),
      }),
    );
    renderInApp(<AlertList data={{}} />);
    await screen.findByText('Fridge too warm');
    expect(callsTo(calls, 'alerts')[0]?.request).toEqual({});
    const fridge = rowOf('Fridge too warm');
    expect(within(fridge).getByText('Critical')).toBeTruthy();
    expect(within(fridge).getByText('Firing')).toBeTruthy();
    expect(within(fridge).getByText('9.5')).toBeTruthy();
    expect(within(rowOf('Gateway silent')).getByText('no readings')).toBeTruthy();
    fireEvent.click(within(fridge).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(callsTo(calls, 'alertAcknowledge')[0]?.request).toEqual({ id: 1 }));
    // The list is asked again after the write.
    await waitFor(() => expect(callsTo(calls, 'alerts').length).toBeGreaterThan(1));
  });

  it('asks for the resolved ones too when switched, and names who acknowledged each', async () => {
    const calls = useApi(
      answer('alerts', {
        alerts: [alert({ state: 'resolved', resolvedAt: '2026-11-30T10:00:00.000Z', acknowledgedBy: 'Ann' })],
      }),
    );
    renderInApp(<AlertList data={{ dataPointId: 4 }} />);
    await screen.findByText('Fridge too warm');
    fireEvent.click(screen.getByText('Show resolved ones too'));
    await waitFor(() =>
      expect(callsTo(calls, 'alerts').map((call) => call.request)).toContainEqual({
        state: 'all',
        dataPointId: 4,
      }),
    );
    expect(within(rowOf('Fridge too warm')).getByText('by Ann')).toBeTruthy();
    expect(within(rowOf('Fridge too warm')).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it("lists the alerts of the place the page's address names", async () => {
    const calls = useApi(answer('alerts', { alerts: [alert({})] }));
    renderInApp(<AlertList data={{ placeInAddress: true }} />, {
      route: '/sites/12',
      path: '/sites/:entityId?',
    });
    await screen.findByText('Fridge too warm');
    expect(callsTo(calls, 'alerts')[0]?.request).toEqual({ entityId: 12 });
  });

  it('says when no alert is open', async () => {
    useApi(answer('alerts', { alerts: [] }));
    renderInApp(<AlertList data={{}} />);
    await screen.findByText("No alert is open: every rule's data point is within its limits.");
  });

  it("opens an alert's history, adds a comment and snoozes it", async () => {
    const history = alert({
      events: [
        { id: 1, at: '2026-11-30T08:00:00.000Z', kind: 'pending', by: null, text: null, value: 9.5 },
        { id: 2, at: '2026-11-30T08:30:00.000Z', kind: 'firing', by: null, text: null, value: 9.1 },
        {
          id: 3,
          at: '2026-11-30T08:40:00.000Z',
          kind: 'comment',
          by: 'Ann',
          text: 'Door left open',
          value: null,
        },
      ],
    });
    const calls = useApi(
      answer('alerts', { alerts: [history] }),
      answer('alertComment', { alert: history }),
      answer('alertSnooze', { alert: history }),
    );
    renderInApp(<AlertList data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'History of Fridge too warm' }));
    const panel = await screen.findByTestId('alert-history');
    expect(within(panel).getByText(/Comment · Ann: Door left open/)).toBeTruthy();
    expect(within(panel).getByText(/Fired · 9.1/)).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Comment'), { target: { value: 'Closed it' } });
    fireEvent.submit(within(panel).getByRole('form', { name: 'Comment on Fridge too warm' }));
    await waitFor(() =>
      expect(callsTo(calls, 'alertComment')[0]?.request).toEqual({ id: 1, text: 'Closed it' }),
    );
    fireEvent.change(within(panel).getByLabelText('Snooze for'), { target: { value: '240' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Snooze' }));
    await waitFor(() => expect(callsTo(calls, 'alertSnooze')[0]?.request).toEqual({ id: 1, minutes: 240 }));
  });
});
