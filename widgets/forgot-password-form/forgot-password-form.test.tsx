import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../tests/amplify-mock';
import { useApi } from '../../tests/api/test-server';
import { answerAppConfig } from '../../tests/fixtures/app-config';
import { renderInApp } from '../../tests/render';
import ForgotPasswordForm from './index';

afterEach(() => {
  vi.clearAllMocks();
});

describe('forgot password form', () => {
  it('asks the pool for a code and moves on to the page where it is entered', async () => {
    useApi(answerAppConfig());
    auth.resetPassword.mockResolvedValue({});
    renderInApp(<ForgotPasswordForm data={{}} />, { route: '/auth/forgot-password' });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/auth/forgot-passwordSubmit'),
    );
    expect(auth.resetPassword).toHaveBeenCalledWith({ username: 'ada@example.com' });
  });

  it("shows the pool's message when the request fails", async () => {
    useApi(answerAppConfig());
    auth.resetPassword.mockRejectedValue(new Error('Attempt limit exceeded, please try after some time.'));
    renderInApp(<ForgotPasswordForm data={{}} />, { route: '/auth/forgot-password' });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Attempt limit exceeded, please try after some time.')).toBeTruthy();
  });
});
