import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../tests/amplify-mock';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { answerAppConfig } from '../../tests/fixtures/app-config';
import { renderInApp } from '../../tests/render';
import RegisterForm from './index';

afterEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});

function fill() {
  fireEvent.change(screen.getByLabelText(/^Full name/), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('register form', () => {
  it('signs up with the e-mail and name attributes, then asks for the code on the confirm page', async () => {
    useApi(answerAppConfig());
    auth.signUp.mockResolvedValue({ isSignUpComplete: false });
    renderInApp(<RegisterForm data={{}} />, { route: '/auth/register' });
    fill();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/confirm'));
    expect(auth.signUp).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'Secret-pass-1',
      options: { userAttributes: { email: 'ada@example.com', name: 'Ada Lovelace' } },
    });
    expect(screen.getByText('Please check your e-mail for a verification code!')).toBeTruthy();
  });

  it('with an invitation link, says which organisation it is for and keeps the token to the confirm page', async () => {
    const calls = useApi(
      answerAppConfig(),
      answer('preAuthorization', { valid: true, email: 'a***@example.com', organisationName: 'Acme' }),
    );
    auth.signUp.mockResolvedValue({ isSignUpComplete: false });
    renderInApp(<RegisterForm data={{}} />, {
      route: '/auth/register/tok_abcdefghijklmnopqrstu',
      path: '/auth/register/:token',
    });
    expect(
      await screen.findByText('You are invited to join Acme. Register with a***@example.com.'),
    ).toBeTruthy();
    fill();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/auth/confirm/tok_abcdefghijklmnopqrstu'),
    );
    expect(JSON.parse(sessionStorage.getItem('app.invite-token') ?? 'null')).toBe(
      'tok_abcdefghijklmnopqrstu',
    );
    expect(callsTo(calls, 'preAuthorization')[0]?.request).toEqual({
      inviteToken: 'tok_abcdefghijklmnopqrstu',
    });
  });

  it("shows 'Register Failed!' with the pool's message", async () => {
    useApi(answerAppConfig());
    auth.signUp.mockRejectedValue(new Error('An account with the given email already exists.'));
    renderInApp(<RegisterForm data={{}} />, { route: '/auth/register' });
    fill();
    expect(await screen.findByText('Register Failed!')).toBeTruthy();
    expect(screen.getByText('An account with the given email already exists.')).toBeTruthy();
  });

  it("takes 'Register Failed!' down once a second try succeeds", async () => {
    useApi(answerAppConfig());
    auth.signUp.mockRejectedValueOnce(new Error('Password did not conform with policy.'));
    auth.signUp.mockResolvedValueOnce({ isSignUpComplete: false });
    renderInApp(<RegisterForm data={{}} />, { route: '/auth/register' });
    fill();
    expect(await screen.findByText('Register Failed!')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fill();
    expect(await screen.findByText('Please check your e-mail for a verification code!')).toBeTruthy();
    // Dismissed, the toast closes (its exit animation then removes it, which happy-dom does not run).
    await waitFor(() =>
      expect(
        screen.getByText('Register Failed!').closest('[data-testid="toast"]')?.getAttribute('data-state'),
      ).toBe('closed'),
    );
    expect(
      screen
        .getByText('Please check your e-mail for a verification code!')
        .closest('[data-testid="toast"]')
        ?.getAttribute('data-state'),
    ).toBe('open');
  });
});
