import { fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../src/session/session-atoms';
import { auth } from '../../tests/amplify-mock';
import { APP_CONFIG, mockApi } from '../../tests/mock-api';
import { renderInApp } from '../../tests/render';
import LockscreenForm from './index';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  getDefaultStore().set(sessionAtom, { status: 'loading' });
});

describe('lock screen', () => {
  it('greets the signed-in user and unlocks with their password only', async () => {
    mockApi(APP_CONFIG);
    auth.signIn.mockRejectedValue(new Error('Incorrect username or password.'));
    getDefaultStore().set(sessionAtom, {
      status: 'authorised',
      user: {
        id: 'u1',
        name: 'Ada',
        email: 'ada@example.com',
        avatar: null,
        role: 'admin',
        organisationId: 1,
        subscription: null,
      },
    });
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
