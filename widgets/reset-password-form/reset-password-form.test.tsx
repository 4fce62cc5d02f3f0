import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth, signedInAs } from '../../tests/amplify-mock';
import { answer } from '../../tests/api/answers';
import { useApi } from '../../tests/api/test-server';
import { answerAppConfig } from '../../tests/fixtures/app-config';
import { billingWith } from '../../tests/fixtures/billing';
import { renderInApp } from '../../tests/render';
import ResetPasswordForm from './index';

afterEach(() => {
  vi.clearAllMocks();
});

describe('reset password form', () => {
  it("sets the new password, signs in, and says 'New password has been saved successfully!'", async () => {
    useApi(answerAppConfig(), answer('billing', billingWith('active', null)));
    auth.confirmResetPassword.mockResolvedValue(undefined);
    auth.signIn.mockResolvedValue({ isSignedIn: true });
    signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId: 3 });
    renderInApp(<ResetPasswordForm data={{}} />, { route: '/auth/forgot-passwordSubmit' });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: '654321' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Brand-new-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(auth.confirmResetPassword).toHaveBeenCalledWith({
      username: 'ada@example.com',
      confirmationCode: '654321',
      newPassword: 'Brand-new-pass-1',
    });
    expect(await screen.findByText('New password has been saved successfully!')).toBeTruthy();
  });
});
