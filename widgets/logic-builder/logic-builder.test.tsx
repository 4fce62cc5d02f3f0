import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertRule } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { explorerPoint } from '../../tests/fixtures/explorer-point';
import { renderInApp } from '../../tests/render';
import LogicBuilder from './index';

afterEach(() => {
  resetSession();
});

const point = (id: number, name: string) => explorerPoint({ id, name });

const fridgeRule: AlertRule = {
  id: 1,
  name: 'Fridge too warm',
  dataPointId: 4,
  dataPointName: 'Fridge',
  condition: { kind: 'above', value: 8, hysteresis: 1, forMinutes: 30 },
  severity: 'critical',
  cooldownMinutes: 60,
  activeHours: null,
  enabled: true,
  state: 'normal',
  createdAt: '2026-11-30T08:00:00.000Z',
};

const inspector = () => within(screen.getByTestId('step-inspector'));

describe('the logic builder', () => {
  it('builds a flow from the palette and the inputs beside the canvas, and saves it as a flow', async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi(
      answer('thresholds', { rules: [] }),
      answer('getEntitesForDataExplorer', { dataPoints: [point(4, 'Fridge')], tags: [] }),
      answer('thresholdCreate', { rule: { ...fridgeRule, id: 9, name: 'Fridge flow' } }),
    );
    renderInApp(<LogicBuilder data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ Data point' }));
    // The canvas's own controls speak the app's words, not xyflow's English.
    expect(screen.getByRole('button', { name: 'Fit the flow in view' })).toBeTruthy();
    fireEvent.change(inspector().getByLabelText('Data point'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Compare' }));
    fireEvent.change(inspector().getByLabelText('Value'), { target: { value: '8' } });
    fireEvent.click(inspector().getByLabelText('point-1 (Data point)'));
    fireEvent.click(screen.getByRole('button', { name: '+ Notify' }));
    // Not yet joined: notify takes one input and has none, so nothing can be saved.
    expect(
      within(screen.getByRole('alert')).getByText(/notify-1: “notify-1” \(Notify\) has 0 inputs and takes 1/),
    ).toBeTruthy();
    fireEvent.click(inspector().getByLabelText('compare-1 (Compare)'));
    await waitFor(() => expect(screen.queryByRole('alert')?.textContent ?? null).toBeNull());
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Fridge flow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the rule' }));
    await waitFor(() => expect(callsTo(calls, 'thresholdCreate')).toHaveLength(1));
    const sent = callsTo(calls, 'thresholdCreate')[0]?.request as { condition: unknown; dataPointId: number };
    expect(sent.dataPointId).toBe(4);
    expect(sent.condition).toMatchObject({
      kind: 'flow',
      nodes: [
        { id: 'point-1', kind: 'point', dataPointId: 4 },
        { id: 'compare-1', kind: 'compare', op: 'above', value: 8, hysteresis: 0 },
        { id: 'notify-1', kind: 'notify' },
      ],
      edges: [
        { from: 'point-1', to: 'compare-1' },
        { from: 'compare-1', to: 'notify-1' },
      ],
    });
  });

  it("opens a rule of the form's kinds as one check step, and saves it back as the form's rule", async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi(
      answer('thresholds', { rules: [fridgeRule] }),
      answer('getEntitesForDataExplorer', { dataPoints: [point(4, 'Fridge')], tags: [] }),
      answer('thresholdUpdate', { rule: fridgeRule }),
    );
    renderInApp(<LogicBuilder data={{}} />, { route: '/control/logicbuilder?flow=1' });
    expect(await screen.findByText('Rule of the form: over a value')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in the form' }).getAttribute('href')).toBe('?edit=1#rules');
    fireEvent.click(screen.getByRole('button', { name: 'Save the rule' }));
    await waitFor(() => expect(callsTo(calls, 'thresholdUpdate')).toHaveLength(1));
    expect(callsTo(calls, 'thresholdUpdate')[0]?.request).toEqual({
      id: 1,
      name: 'Fridge too warm',
      dataPointId: 4,
      condition: fridgeRule.condition,
      severity: 'critical',
      cooldownMinutes: 60,
      activeHours: null,
      enabled: true,
    });
  });

  it('starts a new flow when asked, even where the address named a rule', async () => {
    signInToSession({ role: 'editor' });
    useApi(
      answer('thresholds', { rules: [fridgeRule] }),
      answer('getEntitesForDataExplorer', { dataPoints: [point(4, 'Fridge')], tags: [] }),
    );
    renderInApp(<LogicBuilder data={{}} />, { route: '/control/logicbuilder?flow=1' });
    await screen.findByText('Rule of the form: over a value');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Fridge too warm');
    fireEvent.change(screen.getByLabelText('Open'), { target: { value: '' } });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', ''));
    expect(screen.queryByText('Rule of the form: over a value')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create the rule' })).toBeTruthy();
  });

  it('tells a viewer that rules are built by editors, and asks for nothing', async () => {
    signInToSession({ role: 'viewer' });
    const calls = useApi();
    renderInApp(<LogicBuilder data={{}} />);
    expect(await screen.findByText(/Editors and owners build rules here/)).toBeTruthy();
    expect(callsTo(calls, 'thresholds')).toEqual([]);
  });
});
