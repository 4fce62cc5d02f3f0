import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, failWith } from '../../../tests/api/answers';
import { callsTo, useApi } from '../../../tests/api/test-server';
import type { ExplorerDataPoint } from '../../generated/api-types';
import { propsSchema, renderPropForm } from './render-prop-form.test-helper';

function point(id: number, name: string, path: string[], unit: string): ExplorerDataPoint {
  return {
    id,
    name,
    unit,
    kind: 'instantaneous',
    intent: 'temperature',
    virtual: false,
    formula: null,
    entityId: id,
    path,
    tags: [],
    lastTs: null,
  };
}

const POINTS = [
  point(1, 'Temperature – first floor (London)', ['London', 'Floor 1'], '°C'),
  point(2, 'Temperature – second floor (London)', ['London', 'Floor 2'], '°C'),
  point(14, 'Main meter (Sydney)', ['Sydney'], 'kWh'),
];

/** The organisation's points as the Data Explorer's search answers: names containing the text. */
function organisationPoints() {
  return answer('getEntitesForDataExplorer', ({ search = '' }) => ({
    dataPoints: POINTS.filter((candidate) => candidate.name.toLowerCase().includes(search.toLowerCase())),
    tags: [],
  }));
}

/** The names the browser offers under an input, from its datalist. */
function suggestionsFor(input: HTMLElement): string[] {
  const list = document.getElementById(input.getAttribute('list') ?? '');
  return [...(list?.querySelectorAll('option') ?? [])].map((option) => option.value);
}

// The kpi's form has an intent picker too, which lists the intents: none here (intent-picker.test.tsx).
beforeEach(() => {
  useApi(answer('dataPointIntents', { intents: [] }));
});

describe('the data point picker', { timeout: 20_000 }, () => {
  it("suggests the organisation's points matching what is typed, searching once per pause", async () => {
    const user = userEvent.setup();
    const calls = useApi(organisationPoints());
    const { lastChange } = await renderPropForm(propsSchema('KpiProps'), { value: { label: 'Comfort' } });
    const input = screen.getByLabelText('Data point');
    await user.type(input, 'Temp');
    await waitFor(() =>
      expect(suggestionsFor(input)).toEqual([
        'Temperature – first floor (London)',
        'Temperature – second floor (London)',
      ]),
    );
    expect(lastChange()).toEqual({ label: 'Comfort', dataPoint: 'Temp' });
    const searches = callsTo(calls, 'getEntitesForDataExplorer').map((call) => call.request.search);
    expect(searches).toContain('Temp');
    expect(searches).not.toContain('Te');
  });

  it('says where the point named is', async () => {
    useApi(organisationPoints());
    await renderPropForm(propsSchema('KpiProps'), {
      value: { label: 'Comfort', dataPoint: 'Temperature – second floor (London)' },
    });
    expect(await screen.findByText('In London › Floor 2 · °C.')).toBeTruthy();
  });

  it('takes a name the organisation has no point of, and says so', async () => {
    const user = userEvent.setup();
    useApi(organisationPoints());
    const { lastChange } = await renderPropForm(propsSchema('KpiProps'), { value: { label: 'Heat' } });
    await user.type(screen.getByLabelText('Data point'), 'Boiler (Paris)');
    expect(lastChange()).toEqual({ label: 'Heat', dataPoint: 'Boiler (Paris)' });
    expect(await screen.findByText(/no data point named “Boiler \(Paris\)”/)).toBeTruthy();
  });

  it('still takes a typed name when the points cannot be listed', async () => {
    const user = userEvent.setup();
    useApi(failWith('getEntitesForDataExplorer', 500));
    const { lastChange } = await renderPropForm(propsSchema('KpiProps'), { value: { label: 'Heat' } });
    expect(await screen.findByText(/could not be listed/)).toBeTruthy();
    await user.type(screen.getByLabelText('Data point'), 'Boiler');
    expect(lastChange()).toEqual({ label: 'Heat', dataPoint: 'Boiler' });
  });

  it('suggests points for each name of a list of data points', async () => {
    const user = userEvent.setup();
    useApi(organisationPoints());
    const { lastChange } = await renderPropForm(propsSchema('UsageHeatmapProps'), { value: {} });
    await user.click(screen.getByText('Add to Data points'));
    const item = screen.getByLabelText('Data points 1');
    await user.type(item, 'Main');
    await waitFor(() => expect(suggestionsFor(item)).toEqual(['Main meter (Sydney)']));
    expect(lastChange()).toEqual({ dataPoints: ['Main'] });
  });

  it('names the point a data point id stands for', async () => {
    useApi(organisationPoints());
    await renderPropForm(propsSchema('RegisterStepsProps'), { value: { dataPointId: 14 } });
    expect(await screen.findByText('Main meter (Sydney), in Sydney · kWh.')).toBeTruthy();
    expect(suggestionsFor(screen.getByLabelText('Data point'))).toEqual(['1', '2', '14']);
  });
});
