import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../tests/amplify-mock';
import { useApi } from '../../tests/api/test-server';
import { answerAppConfig } from '../../tests/fixtures/app-config';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import LockscreenForm from './index';

afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

describe('lock screen', () => {
  it('greets the signed-in user and unlocks with their password only', async () => {
    useApi(answerAppConfig());
    auth.signIn.mockRejectedValue(new Error('Incorrect username or password.'));
    signInToSession();
    renderInApp(<LockscreenForm data={{}} />, { route: '/auth/lockscreen' });
    expect(screen.getByText('Ada, enter your password to carry on.')).toBeTruthy();
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Log In Failed!')).toBeTruthy();
    expect(auth.signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'pw',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });
});
