import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { responseExamples } from '../../src/generated/api-examples';
import type { ForecastSavingsResponse } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import { explorerPoint } from '../shared/explorer-point.test-helper';
import SavingsWidget from './index';

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const DAY = 86_400_000;

const POINTS = [
  explorerPoint(5, 'Lighting board'),
  explorerPoint(7, 'Temperature – open plan', { intent: 'temperature', unit: '°C', kind: 'instantaneous' }),
  explorerPoint(1, 'Main incomer', { tags: ['fiscal'] }),
];

describe('savings', () => {
  it("measures the main meter's last week against the weeks before it, with the savings' uncertainty, verdict and cost", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 30, 15, 20) });
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: POINTS, tags: [] }),
      answer('forecastSavings', responseExamples.forecastSavings[0] as ForecastSavingsResponse),
    );
    renderInApp(<SavingsWidget data={{ baselineWeeks: 8 }} />);
    expect((await screen.findByTestId('savings-headline')).textContent).toBe('Saved 4,090 kWh (8.5 %)');
    expect(screen.getByTestId('savings-uncertainty').textContent).toBe(
      "± 1,004 kWh at 90 % confidence. Beyond the model's error (Guideline 14)",
    );
    expect(screen.getByTestId('savings-cost').textContent).toBe(
      'Worth 1,162 GBP ± 285 GBP at 0.2841 GBP/kWh.',
    );
    const midnight = new Date(2026, 10, 30).getTime();
    expect(callsTo(calls, 'forecastSavings')[0]?.request).toEqual({
      dataPointId: 1,
      baselineFrom: new Date(midnight - 7 * DAY - 8 * 7 * DAY).toISOString(),
      baselineTo: new Date(midnight - 7 * DAY).toISOString(),
      reportingFrom: new Date(midnight - 7 * DAY).toISOString(),
      reportingTo: new Date(midnight).toISOString(),
    });
    // Savings are measured on what is used: a temperature is not offered.
    expect(
      [...(screen.getByLabelText('Data point') as HTMLSelectElement).options].map((option) => option.value),
    ).toEqual(['5', '1']);
    fireEvent.change(screen.getByLabelText('Savings in'), { target: { value: '4' } });
    await waitFor(() =>
      expect(callsTo(calls, 'forecastSavings').at(-1)?.request).toMatchObject({
        baselineTo: new Date(midnight - 28 * DAY).toISOString(),
        reportingFrom: new Date(midnight - 28 * DAY).toISOString(),
      }),
    );
  });

  it("says when more was used, and that the difference is within the model's error", async () => {
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: POINTS, tags: [] }),
      answer('forecastSavings', responseExamples.forecastSavings[1] as ForecastSavingsResponse),
    );
    renderInApp(<SavingsWidget data={{}} />);
    expect((await screen.findByTestId('savings-headline')).textContent).toBe('Used 182 m³ more (5.8 %)');
    expect(screen.getByTestId('savings-uncertainty').textContent).toContain(
      "Within the model's error: not yet shown",
    );
    expect(screen.queryByTestId('savings-cost')).toBeNull();
  });
});
