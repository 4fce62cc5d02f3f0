import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth, signedInAs } from '../../tests/amplify-mock';
import { answer } from '../../tests/api/answers';
import { useApi } from '../../tests/api/test-server';
import { responseExamples } from '../generated/api-examples';
import type { AccountContext } from './account-context';
import { restoreSession } from './load-account';

afterEach(() => {
  localStorage.clear();
  auth.getCurrentUser.mockReset();
});

function accountContext(): AccountContext {
  return {
    navigate: vi.fn(),
    setSession: vi.fn(),
    pending: null,
    setPending: vi.fn(),
    inviteToken: null,
    setInviteToken: vi.fn(),
  };
}

describe('restoring the session on start', () => {
  it('finds nobody signed in, without asking aws-amplify, when the browser keeps no session', async () => {
    useApi(answer('appConfig', responseExamples.appConfig[0]));
    const context = accountContext();
    await restoreSession(context);
    expect(context.setSession).toHaveBeenCalledWith({ status: 'unauthorised' });
    expect(auth.getCurrentUser).not.toHaveBeenCalled();
  });

  it('restores the session aws-amplify keeps in the browser', async () => {
    useApi(answer('appConfig', responseExamples.appConfig[0]));
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'ada');
    auth.getCurrentUser.mockResolvedValue({ username: 'ada' } as never);
    signedInAs({ sub: 'ada', email: 'ada@example.com', name: 'Ada', organisationId: null });
    const context = accountContext();
    await restoreSession(context);
    expect(auth.getCurrentUser).toHaveBeenCalled();
    expect(context.setSession).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'authorised', user: expect.objectContaining({ id: 'ada' }) }),
    );
  });

  it('restores a person the pool knows by e-mail alone, named by the e-mail until they give a name', async () => {
    useApi(answer('appConfig', responseExamples.appConfig[0]));
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'sam');
    auth.getCurrentUser.mockResolvedValue({ username: 'sam' } as never);
    signedInAs({ sub: 'sam', email: 'sam@example.com', name: '', organisationId: null });
    auth.fetchUserAttributes.mockResolvedValue({ email: 'sam@example.com' } as never);
    const context = accountContext();
    await restoreSession(context);
    expect(context.setSession).toHaveBeenCalledWith(
      expect.objectContaining({
        status: 'authorised',
        user: expect.objectContaining({ id: 'sam', name: 'sam@example.com', email: 'sam@example.com' }),
      }),
    );
  });
});
