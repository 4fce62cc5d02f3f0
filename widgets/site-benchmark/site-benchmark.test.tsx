import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BenchmarkingResponse, BenchmarkNormaliser, SiteBenchmark } from '../../src/generated/api-types';
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
    normaliserValue: null,
    previousNormaliserValue: null,
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

const noFigures = answer('getBenchmarkNormalisers', { normalisers: [] });

describe('site benchmark', () => {
  it('ranks the sites worst first with this year, last year and the change, and says why one has no figure', async () => {
    useApi(answer('benchmarking', ranked), noFigures);
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
      noFigures,
    );
    renderInApp(<SiteBenchmarkWidget data={{}} />);
    await screen.findAllByTestId('site-benchmark');
    // Viewers compare by the figures, but do not make them.
    expect(screen.queryByRole('button', { name: 'Your figures…' })).toBeNull();
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

  it('tells a site without a thermometer to add one, and one whose days were all past the base that it has none', async () => {
    const perDegreeDay: BenchmarkingResponse = {
      unit: 'kWh',
      normaliser: 'heatingDegreeDays',
      year: new Date().getFullYear(),
      sites: [
        site(1, 'London office', 12.5, 13, { degreeDays: 840, missing: null }),
        site(2, 'Sydney office', null, null, { consumption: 5000, degreeDays: 0, missing: 'temperature' }),
        site(3, 'Warehouse', null, null, { consumption: 800, degreeDays: null, missing: 'temperature' }),
      ],
    };
    useApi(answer('benchmarking', perDegreeDay), noFigures);
    renderInApp(<SiteBenchmarkWidget data={{ normaliser: 'heatingDegreeDays' }} />);
    const rows = await screen.findAllByTestId('site-benchmark');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'London office',
      "Sydney officeNo degree days in this year: no day's mean temperature was past the base.",
      "WarehouseNo outdoor temperature: add an outdoor temperature data point to the site, or tag a temperature data point's place outdoor.",
    ]);
  });

  it('shows a failure in the server’s words', async () => {
    useApi(failWith('benchmarking', 500, 'database unavailable'), noFigures);
    renderInApp(<SiteBenchmarkWidget data={{}} />);
    expect(await screen.findByText(/could not be loaded: database unavailable/)).toBeTruthy();
  });

  it('says when the organisation’s figures cannot be loaded, and still ranks by the others', async () => {
    useApi(answer('benchmarking', ranked), failWith('getBenchmarkNormalisers', 500, 'database unavailable'));
    renderInApp(<SiteBenchmarkWidget data={{}} />);
    expect(await screen.findAllByTestId('site-benchmark')).toHaveLength(3);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Your benchmarking figures could not be loaded: database unavailable/);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lets an editor add a figure of their own, fill in each site’s year, and ranks by it', async () => {
    signInToSession({ role: 'editor' });
    const thisYear = new Date().getFullYear();
    let stored: BenchmarkNormaliser[] = [];
    const calls = useApi(
      answer('benchmarking', (request) => ({
        ...ranked,
        normaliser: request.normaliser ?? 'area',
        ...(request.normaliser === 'custom'
          ? { custom: { id: request.normaliserId as number, name: 'Occupants', unit: 'person' } }
          : {}),
      })),
      answer('getBenchmarkNormalisers', () => ({ normalisers: stored })),
      answer('benchmarkNormaliser', (request) => {
        stored = [{ id: 7, ...request }];
        return { normaliser: stored[0] as BenchmarkNormaliser };
      }),
    );
    renderInApp(<SiteBenchmarkWidget data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Your figures…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benchmarking figures' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Occupants' } });
    fireEvent.change(within(dialog).getByLabelText(/Unit/), { target: { value: 'person' } });
    fireEvent.change(within(dialog).getByLabelText(`London office, ${thisYear}`), {
      target: { value: '-3' },
    });
    expect(within(dialog).getByText(/Values must be above zero/)).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(`London office, ${thisYear}`), {
      target: { value: '240' },
    });
    fireEvent.change(within(dialog).getByLabelText(`New York lab, ${thisYear - 1}`), {
      target: { value: '1,5' },
    });
    fireEvent.click(save);
    await waitFor(() => expect(callsTo(calls, 'benchmarkNormaliser')).toHaveLength(1));
    expect(callsTo(calls, 'benchmarkNormaliser')[0]?.request).toEqual({
      name: 'Occupants',
      unit: 'person',
      values: [
        { siteId: 1, year: thisYear, value: 240 },
        { siteId: 3, year: thisYear - 1, value: 1.5 },
      ],
    });
    // The new figure is chosen at once: the ranking is asked for per person.
    await waitFor(() =>
      expect(callsTo(calls, 'benchmarking').at(-1)?.request).toMatchObject({
        normaliser: 'custom',
        normaliserId: 7,
      }),
    );
    expect(await screen.findByText('146 kWh/person')).toBeTruthy();
    expect((screen.getByLabelText('Per') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Occupants (person)',
    );
  });

  it('asks again for the ranking by a figure once it is changed, and ranks by area once it is deleted', async () => {
    signInToSession({ role: 'admin' });
    const thisYear = new Date().getFullYear();
    let stored: BenchmarkNormaliser[] = [
      { id: 7, name: 'Occupants', unit: 'person', values: [{ siteId: 1, year: thisYear, value: 240 }] },
    ];
    const calls = useApi(
      answer('benchmarking', (request) => ({
        ...ranked,
        normaliser: request.normaliser ?? 'area',
        ...(request.normaliser === 'custom' ? { custom: { id: 7, name: 'Occupants', unit: 'person' } } : {}),
      })),
      answer('getBenchmarkNormalisers', () => ({ normalisers: stored })),
      // The id comes as the path's text; the figure's is the number 7.
      answer('benchmarkNormaliserUpdate', (request) => {
        stored = [{ ...request, id: 7 }];
        return { normaliser: stored[0] as BenchmarkNormaliser };
      }),
      answer('benchmarkNormaliserDelete', () => {
        stored = [];
        return { deleted: 7 };
      }),
    );
    const byFigure = () =>
      callsTo(calls, 'benchmarking').filter((call) => call.request.normaliser === 'custom').length;
    renderInApp(<SiteBenchmarkWidget data={{}} />);
    await screen.findByRole('option', { name: 'Occupants (person)' });
    fireEvent.change(screen.getByLabelText('Per'), { target: { value: 'custom:7' } });
    expect(await screen.findByText('146 kWh/person')).toBeTruthy();
    expect(byFigure()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Your figures…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Benchmarking figures' });
    fireEvent.change(within(dialog).getByLabelText(`London office, ${thisYear}`), {
      target: { value: '260' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“Occupants” saved.')).toBeTruthy();
    expect(callsTo(calls, 'benchmarkNormaliserUpdate')[0]?.request).toMatchObject({
      id: 7,
      values: [{ siteId: 1, year: thisYear, value: 260 }],
    });
    // The ranking by the figure divides by the values just saved: it is asked for again.
    await waitFor(() => expect(byFigure()).toBe(2));

    fireEvent.click(screen.getByRole('button', { name: 'Your figures…' }));
    dialog = await screen.findByRole('dialog', { name: 'Benchmarking figures' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete “Occupants”?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“Occupants” deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Occupants (person)' })).toBeNull());
    expect((screen.getByLabelText('Per') as HTMLSelectElement).value).toBe('area');
    expect(byFigure()).toBe(2);
  });
});
