import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth, signedInAs } from '../../tests/amplify-mock';
import { answer } from '../../tests/api/answers';
import { useApi } from '../../tests/api/test-server';
import { answerAppConfig } from '../../tests/fixtures/app-config';
import { billingWith } from '../../tests/fixtures/billing';
import { renderInApp } from '../../tests/render';
import LoginForm from './index';

afterEach(() => {
  vi.clearAllMocks();
});

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login form', () => {
  it('signs in with USER_PASSWORD_AUTH and goes to / when the subscription is active', async () => {
    useApi(answerAppConfig(), answer('billing', billingWith('active', 'Advanced')));
    auth.signIn.mockResolvedValue({ isSignedIn: true });
    signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId: 7 });
    renderInApp(<LoginForm data={{}} />, { route: '/auth/login' });
    fill('ada@example.com', ' pass with spaces ');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(auth.signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: ' pass with spaces ',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it("shows 'Log In Failed!' with the pool's message and stays", async () => {
    useApi(answerAppConfig());
    auth.signIn.mockRejectedValue(new Error('Incorrect username or password.'));
    renderInApp(<LoginForm data={{}} />, { route: '/auth/login' });
    fill('ada@example.com', 'wrong');
    expect(await screen.findByText('Log In Failed!')).toBeTruthy();
    expect(screen.getByText('Incorrect username or password.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auth/login');
  });

  it('goes to /organisation for a user without one, and to /billing without an active plan', async () => {
    useApi(answerAppConfig(), answer('billing', billingWith('incomplete', null)));
    auth.signIn.mockResolvedValue({ isSignedIn: true });
    signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId: null });
    const { unmount } = renderInApp(<LoginForm data={{}} />, { route: '/auth/login' });
    fill('ada@example.com', 'x');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/organisation'));
    unmount();
    signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId: 7 });
    renderInApp(<LoginForm data={{}} />, { route: '/auth/login' });
    fill('ada@example.com', 'x');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/billing'));
  });
});
