import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../tests/amplify-mock';
import { contracts } from '../generated/api-contracts';
import { ApiFailure } from './api-failure';
import { abortApiRequests, apiRequest, callEndpoint, whenUnauthorised } from './client';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  whenUnauthorised(() => {});
});

function answer(status: number, body: string) {
  const fetch = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('apiRequest', () => {
  it("sends the user's ID token and JSON, and reads JSON back", async () => {
    // Where aws-amplify keeps a signed-in session.
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'ada');
    auth.fetchAuthSession.mockResolvedValue({
      tokens: { idToken: { toString: () => 'the-id-token' } },
    } as never);
    const fetch = answer(200, '{"ok":true}');
    expect(await apiRequest('billing', { orgId: 1 })).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith('/api/billing', {
      method: 'POST',
      signal: expect.any(AbortSignal),
      headers: { authorization: 'Bearer the-id-token', 'content-type': 'application/json' },
      body: '{"orgId":1}',
    });
  });

  it('sends no token, without asking Amplify, while the browser holds no session', async () => {
    auth.fetchAuthSession.mockClear();
    const fetch = answer(200, '{"ok":true}');
    await apiRequest('appConfig', undefined, 'GET');
    expect(fetch).toHaveBeenCalledWith('/api/appConfig', {
      method: 'GET',
      signal: expect.any(AbortSignal),
      headers: {},
    });
    expect(auth.fetchAuthSession).not.toHaveBeenCalled();
  });

  it("calls a public endpoint at once, a session or not: the app's configuration waits for no token", async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'ada');
    auth.fetchAuthSession.mockClear();
    const fetch = answer(200, '{"ok":true}');
    await callEndpoint(contracts.appConfig, {});
    expect(fetch).toHaveBeenCalledWith('/api/appConfig', {
      method: 'GET',
      signal: expect.any(AbortSignal),
      headers: {},
    });
    expect(auth.fetchAuthSession).not.toHaveBeenCalled();
  });

  it.each([401, 403])('logs the user out on %i (spec §8)', async (status) => {
    const logout = vi.fn();
    whenUnauthorised(logout);
    answer(status, '{"message":"Sign in to continue."}');
    await expect(apiRequest('billing', { orgId: 1 })).rejects.toBeInstanceOf(ApiFailure);
    expect(logout).toHaveBeenCalledOnce();
  });

  it('throws the parsed body of any other failure to the caller, without logging out', async () => {
    const logout = vi.fn();
    whenUnauthorised(logout);
    answer(
      400,
      '{"message":"The request body is not valid: /orgId: must be an integer","issues":[{"pointer":"/orgId","message":"must be an integer"}]}',
    );
    const failure = await apiRequest('billing', { orgId: 'x' }).catch((error: ApiFailure) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(400);
    expect((failure as ApiFailure).body?.issues).toEqual([
      { pointer: '/orgId', message: 'must be an integer' },
    ]);
    expect(logout).not.toHaveBeenCalled();
  });

  it('drops the requests on their way when signing out, quietly, and serves the next ones', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi.fn(
      (_url: string, { signal }: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason)),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const pending = apiRequest('siteTree', {});
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    abortApiRequests();
    await expect(pending).rejects.toHaveProperty('name', 'AbortError');
    expect(logged).not.toHaveBeenCalled();

    answer(200, '{"ok":true}');
    abortApiRequests();
    expect(await apiRequest('billing', { orgId: 1 })).toEqual({ ok: true });
  });

  it('reads an empty answer as an empty list', async () => {
    answer(200, '');
    expect(await apiRequest('getUsers', {})).toEqual([]);
  });

  it('logs and rethrows a network failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('getUsers', {})).rejects.toThrow('Failed to fetch');
    expect(error).toHaveBeenCalledWith(
      'API getUsers: the server could not be reached',
      expect.any(TypeError),
    );
  });
});
