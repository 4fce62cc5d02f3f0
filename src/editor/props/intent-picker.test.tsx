import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, failWith } from '../../../tests/api/answers';
import { useApi } from '../../../tests/api/test-server';
import { responseExamples } from '../../generated/api-examples';
import type { DataPointIntentsResponse } from '../../generated/api-types';
import { propsSchema, renderPropForm } from './render-prop-form.test-helper';

const { intents } = responseExamples.dataPointIntents[0] as DataPointIntentsResponse;

/** The kpi's form has a data point picker too, which searches the organisation's points: none here. */
const NO_POINTS = answer('getEntitesForDataExplorer', { dataPoints: [], tags: [] });

/** The intents the browser offers under an input, from its datalist. */
function suggestionsFor(input: HTMLElement): string[] {
  const list = document.getElementById(input.getAttribute('list') ?? '');
  return [...(list?.querySelectorAll('option') ?? [])].map((option) => option.value);
}

describe('the intent picker', { timeout: 20_000 }, () => {
  it('suggests the intents data points can have, and says the unit a widget counts in', async () => {
    const user = userEvent.setup();
    useApi(NO_POINTS, answer('dataPointIntents', { intents }));
    const { lastChange } = await renderPropForm(propsSchema('KpiProps'), { value: { label: 'Power' } });
    const input = screen.getByLabelText('Intent');
    await waitFor(() => expect(suggestionsFor(input)).toEqual(intents.map((intent) => intent.intent)));
    const [first] = intents;
    if (!first) throw new Error('the contract has no example intent');
    await user.type(input, first.intent);
    expect(lastChange()).toEqual({ label: 'Power', intent: first.intent });
    expect(
      await screen.findByText(`${first.label}: counted in ${first.defaultUnit} unless a unit is given.`),
    ).toBeTruthy();
  });

  it('keeps an intent no data point can have, and says so', async () => {
    const user = userEvent.setup();
    useApi(NO_POINTS, answer('dataPointIntents', { intents }));
    const { lastChange } = await renderPropForm(propsSchema('KpiProps'), { value: { label: 'Power' } });
    await user.type(screen.getByLabelText('Intent'), 'steam');
    expect(lastChange()).toEqual({ label: 'Power', intent: 'steam' });
    expect(await screen.findByText(/^No data point has the intent “steam”/)).toBeTruthy();
  });

  it('still takes a typed intent when the list cannot be had', async () => {
    const user = userEvent.setup();
    useApi(NO_POINTS, failWith('dataPointIntents', 500));
    const { lastChange } = await renderPropForm(propsSchema('KpiProps'), { value: { label: 'Power' } });
    expect(await screen.findByText('The intents could not be listed; you can still type one.')).toBeTruthy();
    await user.type(screen.getByLabelText('Intent'), 'gas');
    expect(lastChange()).toEqual({ label: 'Power', intent: 'gas' });
  });
});
