import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../tests/amplify-mock';
import { useApi } from '../../tests/api/test-server';
import { answerAppConfig } from '../../tests/fixtures/app-config';
import { renderInApp } from '../../tests/render';
import ConfirmForm from './index';

afterEach(() => {
  vi.clearAllMocks();
});

function submit(code: string) {
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('confirm form', () => {
  it("confirms the code and, without kept credentials, sends the user to sign in with 'Your account has been verified!'", async () => {
    useApi(answerAppConfig());
    auth.confirmSignUp.mockResolvedValue({ isSignUpComplete: true });
    renderInApp(<ConfirmForm data={{}} />, { route: '/auth/confirm' });
    submit('123456');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/login'));
    expect(auth.confirmSignUp).toHaveBeenCalledWith({
      username: 'ada@example.com',
      confirmationCode: '123456',
    });
    expect(screen.getByText('Your account has been verified!')).toBeTruthy();
  });

  it("shows 'Confirm Failed!' with the pool's message for a wrong code", async () => {
    useApi(answerAppConfig());
    auth.confirmSignUp.mockRejectedValue(new Error('Invalid verification code provided, please try again.'));
    renderInApp(<ConfirmForm data={{}} />, { route: '/auth/confirm' });
    submit('000000');
    expect(await screen.findByText('Confirm Failed!')).toBeTruthy();
    expect(screen.getByText('Invalid verification code provided, please try again.')).toBeTruthy();
  });

  it('sends a new code on request', async () => {
    useApi(answerAppConfig());
    auth.resendSignUpCode.mockResolvedValue({});
    renderInApp(<ConfirmForm data={{}} />, { route: '/auth/confirm' });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new verification code is on its way.')).toBeTruthy();
    expect(auth.resendSignUpCode).toHaveBeenCalledWith({ username: 'ada@example.com' });
  });
});
