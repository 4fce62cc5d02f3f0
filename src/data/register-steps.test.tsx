import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { registerStep } from '../../tests/fixtures/register-step';
import { renderInApp } from '../../tests/render';
import { api } from '../generated/api-client';
import { DATA_POINTS_KEY } from './data-points';
import { useDecideRegisterStep, useRegisterSteps } from './register-steps';

const STEP = registerStep();

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
