import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import { i18next } from '../i18n/i18n';
import type { CurrentUser } from '../session/session-atoms';
import { SubscriptionBadge } from './subscription-badge';

afterEach(async () => {
  resetSession();
  await i18next.changeLanguage('en-US');
});

const DAY_MS = 86_400_000;

function showBadge(
  subscription: Omit<NonNullable<CurrentUser['subscription']>, 'features' | 'upgrades'> | null,
): HTMLElement {
  signInToSession({ subscription: subscription && { ...subscription, features: [], upgrades: {} } });
  renderInApp(<SubscriptionBadge />);
  return screen.getByRole('link');
}

describe('subscription badge', () => {
  it("counts a trial's days left, a part day as a whole one, and links to billing", () => {
    const trialEndsAt = new Date(Date.now() + 8.5 * DAY_MS).toISOString();
    const badge = showBadge({ status: 'trialing', planName: 'Advanced', trialEndsAt });
    expect(badge.textContent).toBe('Trial: 9 days left');
    expect(badge.getAttribute('href')).toBe('/billing');
    expect(badge.getAttribute('aria-label')).toBe('Subscription: Trial: 9 days left');
  });

  it('says a trial ending today has 1 day left, in the grammar of the language', async () => {
    await i18next.changeLanguage('ru-RU');
    const trialEndsAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
    expect(showBadge({ status: 'trialing', planName: 'Advanced', trialEndsAt }).textContent).toBe(
      'Пробный период: остался 1 день',
    );
  });

  it.each([
    ['active', 'Active'],
    ['past_due', 'Payment overdue'],
    ['incomplete', 'Payment not finished'],
  ] as const)('says %s in words', (status, words) => {
    expect(showBadge({ status, planName: 'Professional', trialEndsAt: null }).textContent).toBe(words);
  });

  it('says "No plan" before one is chosen', () => {
    expect(showBadge(null).textContent).toBe('No plan');
  });
});
