import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import { api } from '../generated/api-client';
import type { RegisterStep } from '../generated/api-types';
import { DATA_POINTS_KEY } from './data-points';
import { useDecideRegisterStep, useRegisterSteps } from './register-steps';

const STEP: RegisterStep = {
  id: 1,
  dataPointId: 14,
  dataPointName: 'Main meter',
  unit: 'kWh',
  timeZone: 'Europe/London',
  from: '2026-05-04T08:00:00.000Z',
  to: '2026-05-06T08:00:00.000Z',
  fromValue: 52_310,
  toValue: 30_000,
  movement: 'drop',
  kind: 'drop',
  used: 30_000,
  rate: 625,
  typicalRate: 38.4,
  status: 'open',
  decidedBy: null,
  decidedAt: null,
  foundAt: '2026-11-20T09:11:38.007Z',
};

/** The steps to review beside the data points' table (whose rows count each point's open steps). */
function Page() {
  const steps = useRegisterSteps(undefined);
  const points = useQuery({ queryKey: [...DATA_POINTS_KEY, 'table'], queryFn: () => api.getDataPoint({}) });
  const decide = useDecideRegisterStep();
  return (
    <>
      <p>{steps.data ? `${steps.data.open} open` : 'loading'}</p>
      <p>{points.data ? `${points.data.dataPoints.length} data points` : 'loading'}</p>
      <button type="button" onClick={() => decide.mutate({ id: 1, decision: 'spread' })}>
        Spread
      </button>
    </>
  );
}

describe('a decision on a register step', () => {
  it("asks again for the steps and for the data points' table, whose open warnings it changes", async () => {
    let decided = false;
    const calls = useApi(
      answer('registerSteps', () => ({ steps: [STEP], open: decided ? 0 : 1 })),
      answer('getDataPoint', { dataPoints: [] }),
      answer('registerStepDecide', () => {
        decided = true;
        return { step: { ...STEP, status: 'spread' } };
      }),
    );
    renderInApp(<Page />);
    expect(await screen.findByText('1 open')).toBeTruthy();
    expect(await screen.findByText('0 data points')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Spread' }));
    expect(await screen.findByText('0 open')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'getDataPoint')).toHaveLength(2));
  });
});
