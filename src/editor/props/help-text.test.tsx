import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer } from '../../../tests/api/answers';
import { useApi } from '../../../tests/api/test-server';
import { i18next } from '../../i18n/i18n';
import french from './help-text/fr-FR.json';
import { propsSchema, renderPropForm } from './render-prop-form.test-helper';

const MEASURE_HELP = (propsSchema('KpiProps').properties?.measure?.description ?? '') as keyof typeof french;

beforeEach(() => {
  // The kpi's pickers list the intents and the data points: none here.
  useApi(
    answer('dataPointIntents', { intents: [] }),
    answer('getEntitesForDataExplorer', { dataPoints: [], tags: [] }),
  );
});
afterEach(() => i18next.changeLanguage('en-US'));

describe("a props form's help", { timeout: 20_000 }, () => {
  it("reads each prop's description in the person's language, and follows a change of it", async () => {
    await i18next.changeLanguage('fr-FR');
    await renderPropForm(propsSchema('KpiProps'), { value: { label: 'Électricité', intent: 'electricity' } });
    expect(french[MEASURE_HELP]).toMatch(/^Ce que compte le chiffre/);
    expect(screen.getByText(french[MEASURE_HELP])).toBeTruthy();
    expect(screen.queryByText(MEASURE_HELP)).toBeNull();
    await act(() => i18next.changeLanguage('en-US'));
    expect(screen.getByText(MEASURE_HELP)).toBeTruthy();
  });
});
