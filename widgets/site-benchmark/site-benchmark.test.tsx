import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BenchmarkingResponse, SiteBenchmark } from '../../src/generated/api-types';
import '../../tests/amplify-mock';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import SiteBenchmarkWidget from './index';

beforeEach(() => {
  signInToSession({ role: 'viewer' });
});
afterEach(() => {
  resetSession();
});

function site(
  siteId: number,
  name: string,
  intensity: number | null,
  previous: number | null,
  extra: Partial<SiteBenchmark> = {},
): SiteBenchmark {
  return {
    siteId,
    name,
    meters: 'fiscal',
    floorAreaM2: 1000,
    consumption: intensity === null ? null : intensity * 1000,
    previousConsumption: previous === null ? null : previous * 1000,
    degreeDays: null,
    previousDegreeDays: null,
    intensity,
    previousIntensity: previous,
    missing: intensity === null ? 'floorArea' : null,
    ...extra,
  };
}

const ranked: BenchmarkingResponse = {
  unit: 'kWh',
  normaliser: 'area',
  year: new Date().getFullYear(),
  sites: [
    site(3, 'New York lab', 145.7, 140.6),
    site(1, 'London office', 88.5, 94.7),
    site(5, 'Warehouse', null, null, { meters: 'all' }),
  ],
};

describe('site benchmark', () => {
  it('ranks the sites worst first with this year, last year and the change, and says why one has no figure', async () => {
    useApi(answer('benchmarking', ranked));
    renderInApp(<SiteBenchmarkWidget data={{}} />);
    const rows = await screen.findAllByTestId('site-benchmark');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'New York lab',
      'London office',
      'WarehouseNo floor area: set one on the site.',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('146 kWh/m²')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('+3.6 %')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('−6.5 %')).toBeTruthy();
  });

  it('asks again per heating degree day with the base temperature, and for gas in m³', async () => {
    const calls = useApi(
      answer('benchmarking', (request) => ({
        ...ranked,
        unit: request.unit ?? 'kWh',
        normaliser: request.normaliser ?? 'area',
      })),
    );
    renderInApp(<SiteBenchmarkWidget data={{}} />);
    await screen.findAllByTestId('site-benchmark');
    fireEvent.change(screen.getByLabelText('Utility'), { target: { value: 'gas' } });
    fireEvent.change(screen.getByLabelText('Per'), { target: { value: 'heatingDegreeDays' } });
    fireEvent.change(screen.getByLabelText('Base, °C'), { target: { value: '18' } });
    await waitFor(() =>
      expect(callsTo(calls, 'benchmarking').at(-1)?.request).toEqual({
        intent: 'gas',
        unit: 'm³',
        normaliser: 'heatingDegreeDays',
        baseTemperature: 18,
      }),
    );
    expect(await screen.findByText('146 m³/HDD')).toBeTruthy();
  });

  it('shows a failure in the server’s words', async () => {
    useApi(failWith('benchmarking', 500, 'database unavailable'));
    renderInApp(<SiteBenchmarkWidget data={{}} />);
    expect(await screen.findByText(/could not be loaded: database unavailable/)).toBeTruthy();
  });
});
