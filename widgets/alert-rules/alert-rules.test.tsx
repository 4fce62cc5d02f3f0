import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertRule } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { explorerPoint } from '../../tests/fixtures/explorer-point';
import { renderInApp } from '../../tests/render';
import AlertRules from './index';

afterEach(() => {
  resetSession();
});

const point = (id: number, name: string, unit: string) => explorerPoint({ id, name, unit });

const fridgeRule: AlertRule = {
  id: 1,
  name: 'Fridge too warm',
  dataPointId: 4,
  dataPointName: 'Fridge',
  condition: { kind: 'above', value: 8, hysteresis: 1, forMinutes: 30 },
  severity: 'critical',
  cooldownMinutes: 60,
  activeHours: { days: [1, 2, 3, 4, 5], from: '07:00', to: '19:00' },
  enabled: true,
  state: 'firing',
  createdAt: '2026-11-30T08:00:00.000Z',
};

const field = (name: string) => screen.getByLabelText(name, { exact: false });

describe('the alert rules', () => {
  it('lists each rule with its condition in words, and shows a viewer no form', async () => {
    signInToSession({ role: 'viewer' });
    const calls = useApi(answer('thresholds', { rules: [fridgeRule] }));
    renderInApp(<AlertRules data={{}} />);
    const row = (await screen.findByText('Fridge too warm')).closest('tr') as HTMLElement;
    expect(
      within(row).getByText(
        'Over 8, for 30 min, clears under 7, Mon–Fri 07:00–19:00, quiet 60 min after firing',
      ),
    ).toBeTruthy();
    expect(within(row).getByText('Firing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Fridge too warm' })).toBeNull();
    // A viewer's screen does not even ask for the points a form would offer.
    expect(callsTo(calls, 'getEntitesForDataExplorer')).toEqual([]);
  });

  it("adds a rule from the form, on a point of the organisation's, with its hours", async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi(
      answer('thresholds', { rules: [] }),
      answer('getEntitesForDataExplorer', {
        dataPoints: [point(4, 'Fridge', '°C'), point(5, 'Freezer', '°C')],
        tags: [],
      }),
      answer('thresholdCreate', { rule: fridgeRule }),
    );
    renderInApp(<AlertRules data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a rule' }));
    fireEvent.change(field('Name'), { target: { value: '  Fridge too warm ' } });
    await screen.findByRole('option', { name: 'Fridge (°C)' });
    fireEvent.change(field('Data point'), { target: { value: '4' } });
    fireEvent.change(field('Value (°C)'), { target: { value: '8' } });
    fireEvent.change(field('Hysteresis'), { target: { value: '1' } });
    fireEvent.change(field('For at least (min)'), { target: { value: '30' } });
    fireEvent.change(field('Severity'), { target: { value: 'critical' } });
    fireEvent.click(
      screen.getByRole('checkbox', { name: "Only on some days and hours (the site's local time)" }),
    );
    // Working days, 07:00 to 19:00, until changed.
    expect((await screen.findByRole('checkbox', { name: 'Friday' })) as HTMLInputElement).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toHaveProperty('checked', false);
    fireEvent.submit(screen.getByRole('form', { name: 'Create the rule' }));
    await waitFor(() =>
      expect(callsTo(calls, 'thresholdCreate')[0]?.request).toEqual({
        name: 'Fridge too warm',
        dataPointId: 4,
        condition: { kind: 'above', value: 8, hysteresis: 1, forMinutes: 30 },
        severity: 'critical',
        cooldownMinutes: 0,
        activeHours: { days: [1, 2, 3, 4, 5], from: '07:00', to: '19:00' },
        enabled: true,
      }),
    );
    await screen.findByText('The rule "Fridge too warm" is saved.');
  });

  it('changes a rule to a silent-feed rule, keeping the rest of it', async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi(
      answer('thresholds', { rules: [fridgeRule] }),
      answer('getEntitesForDataExplorer', { dataPoints: [point(4, 'Fridge', '°C')], tags: [] }),
      answer('thresholdUpdate', { rule: fridgeRule }),
    );
    renderInApp(<AlertRules data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Fridge too warm' }));
    fireEvent.change(field('Alert when'), { target: { value: 'silent' } });
    fireEvent.change(field('Minutes'), { target: { value: '90' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Save the rule' }));
    await waitFor(() =>
      expect(callsTo(calls, 'thresholdUpdate')[0]?.request).toEqual({
        id: 1,
        name: 'Fridge too warm',
        dataPointId: 4,
        condition: { kind: 'silent', minutes: 90 },
        severity: 'critical',
        cooldownMinutes: 60,
        activeHours: { days: [1, 2, 3, 4, 5], from: '07:00', to: '19:00' },
        enabled: true,
      }),
    );
  });

  it('replays the rule in the form on the chosen days, and says how often it would have fired', async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi(
      answer('thresholds', { rules: [fridgeRule] }),
      answer('getEntitesForDataExplorer', { dataPoints: [point(4, 'Fridge', '°C')], tags: [] }),
      answer('thresholdReplay', {
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-30T00:00:00.000Z',
        readings: 2784,
        fired: 2,
        firings: [
          { firedAt: '2026-11-03T02:15:00.000Z', resolvedAt: '2026-11-03T03:00:00.000Z', value: 9.1 },
          { firedAt: '2026-11-29T20:00:00.000Z', resolvedAt: null, value: 8.6 },
        ],
      }),
    );
    renderInApp(<AlertRules data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Fridge too warm' }));
    fireEvent.change(screen.getByLabelText('How many days back'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    await screen.findByText('It would have fired 2 times (2784 readings judged).');
    expect(callsTo(calls, 'thresholdReplay')[0]?.request).toEqual({
      dataPointId: 4,
      condition: { kind: 'above', value: 8, hysteresis: 1, forMinutes: 30 },
      severity: 'critical',
      cooldownMinutes: 60,
      activeHours: { days: [1, 2, 3, 4, 5], from: '07:00', to: '19:00' },
      enabled: true,
      days: 30,
    });
    expect(
      screen.getByRole('img', { name: 'When it would have fired, across the days replayed' }),
    ).toBeTruthy();
    // Nothing was saved by trying.
    expect(callsTo(calls, 'thresholdUpdate')).toEqual([]);
  });

  it('makes a rule of how fast a value changes, and says it in words', async () => {
    signInToSession({ role: 'editor' });
    const rising: AlertRule = {
      ...fridgeRule,
      condition: { kind: 'rises', perHour: 8 },
      activeHours: null,
      cooldownMinutes: 0,
    };
    const calls = useApi(
      answer('thresholds', { rules: [rising] }),
      answer('getEntitesForDataExplorer', { dataPoints: [point(4, 'Fridge', '°C')], tags: [] }),
      answer('thresholdUpdate', { rule: rising }),
    );
    renderInApp(<AlertRules data={{}} />);
    const row = (await screen.findByText('Fridge too warm')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Rises faster than 8 an hour')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Fridge too warm' }));
    expect(field('Alert when')).toHaveProperty('value', 'rises');
    fireEvent.change(field('Alert when'), { target: { value: 'falls' } });
    fireEvent.change(field('Per hour (°C)'), { target: { value: '12.5' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Save the rule' }));
    await waitFor(() =>
      expect(callsTo(calls, 'thresholdUpdate')[0]?.request).toMatchObject({
        condition: { kind: 'falls', perHour: 12.5 },
      }),
    );
  });
  it('makes a budget of a month and a baseline of the weeks before, says them in words, and replays them by the hour', async () => {
    signInToSession({ role: 'editor' });
    const meter = { ...point(7, 'Main meter', 'kWh'), kind: 'cumulative' as const, intent: 'electricity' };
    const budget: AlertRule = {
      ...fridgeRule,
      id: 2,
      name: 'Main meter budget',
      dataPointId: 7,
      dataPointName: 'Main meter',
      condition: { kind: 'budget', measure: 'consumption', period: 'day', limit: 400 },
      activeHours: null,
      cooldownMinutes: 0,
      state: 'normal',
    };
    const calls = useApi(
      answer('thresholds', { rules: [budget] }),
      answer('getEntitesForDataExplorer', { dataPoints: [meter], tags: [] }),
      answer('thresholdUpdate', { rule: budget }),
      answer('thresholdReplay', {
        from: '2026-11-23T00:00:00.000Z',
        to: '2026-11-30T00:00:00.000Z',
        readings: 168,
        fired: 0,
        firings: [],
      }),
    );
    renderInApp(<AlertRules data={{}} />);
    const row = (await screen.findByText('Main meter budget')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Use over 400 a day')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Main meter budget' }));
    expect(field('Alert when')).toHaveProperty('value', 'budget');
    expect(field('Limit (kWh)')).toHaveProperty('value', '400');
    fireEvent.change(field('Budget of'), { target: { value: 'cost' } });
    fireEvent.change(field('Per'), { target: { value: 'month' } });
    fireEvent.change(field("Limit (in the tariff's currency)"), { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    // Judged an hour at a time, and said so.
    await screen.findByText('It would not have fired (168 hours judged).');
    expect(callsTo(calls, 'thresholdReplay')[0]?.request).toMatchObject({
      condition: { kind: 'budget', measure: 'cost', period: 'month', limit: 2500 },
    });
    fireEvent.change(field('Alert when'), { target: { value: 'baseline' } });
    fireEvent.change(field('Strays'), { target: { value: 'below' } });
    fireEvent.change(field('By more than (%)'), { target: { value: '40' } });
    fireEvent.change(field('Usual of how many weeks'), { target: { value: '6' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Save the rule' }));
    await waitFor(() =>
      expect(callsTo(calls, 'thresholdUpdate')[0]?.request).toMatchObject({
        condition: { kind: 'baseline', direction: 'below', percent: 40, weeks: 6 },
      }),
    );
    expect(callsTo(calls, 'thresholdUpdate')[0]?.request.condition).not.toHaveProperty('against');
  });

  it("compares an hour with the kept forecast model's forecast of it, which needs no weeks", async () => {
    signInToSession({ role: 'editor' });
    const meter = { ...point(7, 'Main meter', 'kWh'), kind: 'cumulative' as const, intent: 'electricity' };
    const rule: AlertRule = {
      ...fridgeRule,
      id: 3,
      name: 'Main meter against its forecast',
      dataPointId: 7,
      dataPointName: 'Main meter',
      condition: { kind: 'baseline', direction: 'above', percent: 15, weeks: 4, against: 'keptModel' },
      activeHours: null,
      cooldownMinutes: 0,
      state: 'normal',
    };
    const calls = useApi(
      answer('thresholds', { rules: [rule] }),
      answer('getEntitesForDataExplorer', { dataPoints: [meter], tags: [] }),
      answer('thresholdUpdate', { rule }),
    );
    renderInApp(<AlertRules data={{}} />);
    const row = (await screen.findByText('Main meter against its forecast')).closest('tr') as HTMLElement;
    expect(within(row).getByText('An hour 15% above its forecast')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Main meter against its forecast' }));
    expect(field('Compared with')).toHaveProperty('value', 'keptModel');
    expect(screen.queryByLabelText('Usual of how many weeks')).toBeNull();
    fireEvent.change(field('Compared with'), { target: { value: 'weeksBefore' } });
    expect(field('Usual of how many weeks')).toHaveProperty('value', '4');
    fireEvent.change(field('Compared with'), { target: { value: 'keptModel' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Save the rule' }));
    await waitFor(() =>
      expect(callsTo(calls, 'thresholdUpdate')[0]?.request).toMatchObject({
        condition: { kind: 'baseline', direction: 'above', percent: 15, against: 'keptModel' },
      }),
    );
  });
  it('offers the points with readings of their own, not the virtual ones worked out from them', async () => {
    signInToSession({ role: 'editor' });
    useApi(
      answer('thresholds', { rules: [] }),
      answer('getEntitesForDataExplorer', {
        dataPoints: [point(4, 'Fridge', '°C'), { ...point(5, 'Fridges together', '°C'), virtual: true }],
        tags: [],
      }),
    );
    renderInApp(<AlertRules data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const choices = within(field('Data point'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(choices).toEqual(['Choose a data point', 'Fridge (°C)']);
  });
});
