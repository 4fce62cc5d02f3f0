import { vi } from 'vitest';

/**
 * aws-amplify replaced by spies in every happy-dom test: tests/setup/dom.ts
 * puts these in its place; each test says what the user pool answers.
 *
 * The happy-dom files share their worker's modules, and the app's modules load
 * the mocked aws-amplify/auth once per worker: so the spies are made once per
 * worker and kept on globalThis, and each file starts with them as made
 * (resetAmplifySpies), as it would in a worker of its own.
 */
function amplifySpies() {
  return {
    auth: {
      signIn: vi.fn(),
      signUp: vi.fn(),
      signOut: vi.fn(async () => undefined),
      confirmSignUp: vi.fn(),
      resendSignUpCode: vi.fn(),
      resetPassword: vi.fn(),
      confirmResetPassword: vi.fn(),
      getCurrentUser: vi.fn(),
      fetchUserAttributes: vi.fn(),
      fetchAuthSession: vi.fn(async () => ({ tokens: undefined })),
    },
    Amplify: { configure: vi.fn() },
  };
}

const perWorker = globalThis as { insightsAmplifySpies?: ReturnType<typeof amplifySpies> };
perWorker.insightsAmplifySpies ??= amplifySpies();
const spies = perWorker.insightsAmplifySpies;

/** aws-amplify/auth as the app sees it in happy-dom. */
export const auth = spies.auth;
/** aws-amplify as the app sees it in happy-dom. */
export const amplify = { Amplify: spies.Amplify };

/** Every spy back to what it was made with: no answer a file set carries into the next. */
export function resetAmplifySpies(): void {
  for (const spy of [...Object.values(auth), spies.Amplify.configure]) spy.mockReset();
}

/** A signed-in user's session as Amplify would hand it over. */
export function signedInAs({
  sub,
  email,
  name,
  organisationId,
}: {
  sub: string;
  email: string;
  name: string;
  organisationId: number | null;
}) {
  auth.fetchAuthSession.mockResolvedValue({
    tokens: {
      idToken: {
        toString: () => 'id-token',
        payload: {
          sub,
          ...(organisationId === null ? {} : { 'custom:organisation_id': String(organisationId) }),
        },
      },
    },
  } as never);
  auth.fetchUserAttributes.mockResolvedValue({ email, name } as never);
}
