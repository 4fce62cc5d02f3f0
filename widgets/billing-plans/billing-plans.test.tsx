import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../../tests/amplify-mock';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { mockApi } from '../../tests/mock-api';
import { renderInApp } from '../../tests/render';
import BillingPlans from './index';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  resetSession();
});

function signIn(organisationId: number) {
  signInToSession({ organisationId });
  signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId });
}

describe('billing plans', () => {
  it('shows the subscription state, activates the chosen plan and goes to the start page', async () => {
    let status = 'incomplete';
    const calls = mockApi({
      billing: () => ({
        body: {
          subscription: { status, plan: status === 'active' ? { product: { name: 'Professional' } } : null },
        },
      }),
      'billing/checkout': () => {
        status = 'active';
        return { body: { status: 'active' } };
      },
    });
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    expect(await screen.findByText('incomplete')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Professional' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls.find((call) => call.path === 'billing/checkout')?.body).toEqual({ orgId: 5, plan: 'PRO' });
  });

  it('marks the plan already active as the current one', async () => {
    mockApi({
      billing: () => ({
        body: { subscription: { status: 'active', plan: { product: { name: 'Advanced' } } } },
      }),
    });
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    const current = await screen.findByRole('button', { name: 'Choose Advanced' });
    expect(current.textContent).toBe('Your plan');
    expect((current as HTMLButtonElement).disabled).toBe(true);
  });
});
