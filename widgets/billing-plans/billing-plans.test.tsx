import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingResponse, Role } from '../../src/generated/api-types';
import { i18next } from '../../src/i18n/i18n';
import { signedInAs } from '../../tests/amplify-mock';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { billingWith } from '../../tests/fixtures/billing';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import BillingPlans from './index';

afterEach(async () => {
  vi.clearAllMocks();
  resetSession();
  await i18next.changeLanguage('en-US');
});

/** An admin by default, the lowest role that may choose a plan. */
function signIn(organisationId: number, role: Role = 'admin') {
  signInToSession({ organisationId, role });
  signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId });
}

function card(plan: string): HTMLElement {
  const title = screen.getByText(plan, { selector: 'h3, [class*="card__title"], div' });
  return title.closest('[class*="card__root"]') as HTMLElement;
}

describe('billing plans', () => {
  it('says what to do before a plan is chosen, activates the chosen plan and goes to the start page', async () => {
    let status: BillingResponse['subscription']['status'] = 'incomplete';
    const calls = useApi(
      answer('billing', () => billingWith(status, status === 'active' ? 'Professional' : null)),
      answer('billingCheckout', () => {
        status = 'active';
        return { status: 'active' };
      }),
      answer('membership', { organisationId: 5, organisationName: 'Acme', role: 'owner' }),
    );
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    expect(await screen.findByText('Payment not finished')).toBeTruthy();
    expect(screen.getByText('Choose a plan to start adding sites and data.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Professional' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(callsTo(calls, 'billingCheckout').map((call) => call.request)).toEqual([
      { orgId: 5, plan: 'PRO' },
    ]);
    expect(callsTo(calls, 'billing')[0]?.request).toEqual({ orgId: 5 });
    // The plan chosen, the app reads the account again, the member's role with it, before the start page.
    await waitFor(() => expect(callsTo(calls, 'membership')).toHaveLength(1));
  });

  it("shows each plan's price, limits and the feeds it includes or lacks, as the server sends them", async () => {
    useApi(answer('billing', billingWith('incomplete', null)));
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    await screen.findByRole('button', { name: 'Choose Professional' });
    const professional = within(card('Professional'));
    expect(professional.getByText('€49')).toBeTruthy();
    expect(professional.getByText('Up to 5 sites')).toBeTruthy();
    expect(professional.getByText('Up to 250 data points')).toBeTruthy();
    expect(professional.getByText('Data points fed over MQTT: not included')).toBeTruthy();
    const advanced = within(card('Advanced'));
    expect(advanced.getByText('€149')).toBeTruthy();
    expect(advanced.getByText('Up to 5,000 data points')).toBeTruthy();
    expect(advanced.getByText('LoRaWAN devices')).toBeTruthy();
  });

  it('marks the plan in use, and shows how much of it the organisation uses', async () => {
    useApi(
      answer(
        'billing',
        billingWith('active', 'Professional', { usage: { sites: 4, dataPoints: 14, users: 10 } }),
      ),
    );
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    const current = await screen.findByRole('button', { name: 'Choose Professional' });
    expect(current.textContent).toBe('Your plan');
    expect((current as HTMLButtonElement).disabled).toBe(true);
    const usage = within(screen.getByRole('group', { name: 'What your organisation uses of its plan' }));
    expect(usage.getByText('4 of 5')).toBeTruthy();
    expect(usage.getByText('10 of 10')).toBeTruthy();
  });

  it('counts a trial in the state line, with the date it ends', async () => {
    useApi(
      answer('billing', billingWith('trialing', 'Advanced', { trialEndsAt: '2026-12-10T12:00:00.000Z' })),
    );
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    expect(
      await screen.findByText('Your trial runs until Dec 10, 2026; the first payment is taken then.'),
    ).toBeTruthy();
  });

  it('does not offer a plan smaller than what the organisation has, and says which limit', async () => {
    useApi(
      answer(
        'billing',
        billingWith('active', 'Advanced', { usage: { sites: 12, dataPoints: 40, users: 3 } }),
      ),
    );
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    const smaller = await screen.findByRole('button', { name: 'Choose Professional' });
    expect((smaller as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Your organisation has 12 sites; Professional includes 5.')).toBeTruthy();
  });

  it('writes prices and limits in the chosen language', async () => {
    await i18next.changeLanguage('fr-FR');
    useApi(answer('billing', billingWith('past_due', 'Advanced')));
    signIn(5);
    renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
    expect(await screen.findByText('Paiement en retard')).toBeTruthy();
    expect(within(card('Advanced')).getByText('149 €')).toBeTruthy();
    expect(within(card('Advanced')).getByText('Jusqu’à 5 000 points de données')).toBeTruthy();
  });

  it.each(['editor', 'viewer'] as const)(
    'shows an %s the subscription and the plans, whom to ask, and no plan to choose',
    async (role) => {
      const calls = useApi(answer('billing', billingWith('active', 'Advanced')));
      signIn(5, role);
      renderInApp(<BillingPlans data={{}} />, { route: '/billing' });
      expect(await screen.findByText('Active')).toBeTruthy();
      expect(screen.getByText(/^Everything in Professional, with live feeds/)).toBeTruthy();
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
