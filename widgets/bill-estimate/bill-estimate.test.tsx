import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responseExamples } from '../../src/generated/api-examples';
import type { FindEntitiesResponse, PointCost } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import BillEstimate from './index';

beforeEach(() => {
  signInToSession({ role: 'viewer' });
});
afterEach(() => {
  resetSession();
});

const [example] = responseExamples.findEntities[0].entities;
if (!example) throw new Error('findEntities has no example entity');
const sites: FindEntitiesResponse = {
  entities: [
    {
      entity: { ...example.entity, id: 11, type: 'site', name: 'Berlin plant', timeZone: 'Europe/Berlin' },
      path: [],
    },
    {
      entity: { ...example.entity, id: 12, type: 'site', name: 'Sydney store', timeZone: 'Australia/Sydney' },
      path: [],
    },
  ],
  total: 2,
};

const main: PointCost = {
  dataPointId: 1,
  name: 'Main incomer',
  tariffId: 4,
  currency: 'EUR',
  unit: 'kWh',
  timeZone: 'Europe/Berlin',
  buckets: [
    {
      start: '2026-09-30T22:00:00.000Z',
      consumption: 1500,
      energy: { Night: 60, Day: 330 },
      use: { Night: 400, Day: 1100 },
      standing: 15.5,
      demand: 95,
      demandKw: 10,
      taxes: { VAT: 100.1 },
      total: 600.6,
      co2Kg: 310.5,
    },
  ],
  total: 600.6,
  unpriced: 0,
  co2Kg: 310.5,
};
const gas: PointCost = {
  ...main,
  dataPointId: 2,
  name: 'Boiler gas',
  tariffId: null,
  currency: null,
  unit: 'm³',
  buckets: [],
  total: 0,
  unpriced: 420,
  co2Kg: 0,
};

describe('bill estimate', () => {
  it("lays a site's month out as an invoice: each window's use and charge, standing, demand, taxes, total", async () => {
    const calls = useApi(
      answer('findEntities', sites),
      answer('getUserTariffs', {
        tariffs: [{ ...responseExamples.getUserTariffs[0].tariffs[0], id: 4, name: 'Two-rate' }] as never,
      }),
      answer('tariffCostAndTime', { points: [main, gas] }),
    );
    renderInApp(<BillEstimate data={{}} />);
    const table = await screen.findByRole('table', { name: 'Main incomer' });
    const row = (line: string) => within(table).getByText(line).closest('tr') as HTMLElement;
    expect(row('Day').textContent).toBe('Day1,100 kWh330.00 EUR');
    expect(row('Night').textContent).toBe('Night400 kWh60.00 EUR');
    expect(row('Standing charge').textContent).toBe('Standing charge15.50 EUR');
    expect(row('Demand charge').textContent).toBe('Demand charge10.0 kW95.00 EUR');
    expect(row('Before taxes').textContent).toBe('Before taxes500.50 EUR');
    expect(row('VAT').textContent).toBe('VAT100.10 EUR');
    expect(row('Total').textContent).toBe('Total1,500 kWh600.60 EUR');
    expect(screen.getByText('Tariff: Two-rate')).toBeTruthy();
    expect(screen.getByText('No tariff prices this meter: 420 m³ not priced.')).toBeTruthy();
    expect(screen.getByTestId('bill-total').textContent).toBe('All meters: 600.60 EUR');
    const [asked] = callsTo(calls, 'tariffCostAndTime').map((call) => call.request);
    expect(asked).toMatchObject({ entityId: 11, bucket: 'month' });
  });

  it("asks for the month chosen, cut at the site's own midnights", async () => {
    const calls = useApi(
      answer('findEntities', sites),
      answer('getUserTariffs', { tariffs: [] }),
      answer('tariffCostAndTime', { points: [main] }),
    );
    renderInApp(<BillEstimate data={{}} />);
    await screen.findByRole('table', { name: 'Main incomer' });
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    await waitFor(() =>
      expect(callsTo(calls, 'tariffCostAndTime').at(-1)?.request).toEqual({
        entityId: 12,
        from: '2026-09-30T14:00:00.000Z',
        to: '2026-10-31T13:00:00.000Z',
        bucket: 'month',
      }),
    );
  });
});
