import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingResponse, Role } from '../../src/generated/api-types';
import { signedInAs } from '../../tests/amplify-mock';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import BillingPlans from './index';

afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

/** An admin by default, the lowest role that may choose a plan. */
function signIn(organisationId: number, role: Role = 'admin') {
  signInToSession({ organisationId, role });
  signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId });
}

describe('billing plans', () => {
  it('shows the subscription state, activates the chosen plan and goes to the start page', async () => {
    let status: BillingResponse['subscription']['status'] = 'incomplete';
    const calls = useApi(
      answer('billing', () => ({
        subscription: { status, plan: status === 'active' ? { product: { name: 'Professional' } } : null },
      })),
      answer('billingCheckout', () => {
        status = 'active';
        return { status: 'active' };
      }),
    );
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    expect(await screen.findByText('Payment not finished')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Professional' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(callsTo(calls, 'billingCheckout').map((call) => call.request)).toEqual([
      { orgId: 5, plan: 'PRO' },
    ]);
    expect(callsTo(calls, 'billing')[0]?.request).toEqual({ orgId: 5 });
  });

  it('marks the plan already active as the current one', async () => {
    useApi(
      answer('billing', { subscription: { status: 'active', plan: { product: { name: 'Advanced' } } } }),
    );
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    const current = await screen.findByRole('button', { name: 'Choose Advanced' });
    expect(current.textContent).toBe('Your plan');
    expect((current as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers an admin the plans to choose, without telling them whom to ask', async () => {
    useApi(answer('billing', { subscription: { status: 'incomplete', plan: null } }));
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    expect(await screen.findByRole('button', { name: 'Choose Professional' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose Advanced' })).toBeTruthy();
    expect(screen.queryByText(/Admins of your organisation choose/)).toBeNull();
  });

  it.each(['editor', 'viewer'] as const)(
    'shows an %s the subscription and the plans, whom to ask, and no plan to choose',
    async (role) => {
      const calls = useApi(
        answer('billing', { subscription: { status: 'active', plan: { product: { name: 'Advanced' } } } }),
      );
      signIn(5, role);
      renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
      expect(await screen.findByText('Active')).toBeTruthy();
      expect(screen.getByText(/^Everything in Professional, with tariffs/)).toBeTruthy();
      expect(
        screen.getByText(
          'Admins of your organisation choose and change its plan; ask one if you need another.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
      expect(callsTo(calls, 'billingCheckout')).toHaveLength(0);
    },
  );
});
