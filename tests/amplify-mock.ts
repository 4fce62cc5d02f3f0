import { vi } from 'vitest';

/**
 * aws-amplify/auth replaced by spies for widget tests in jsdom; each test
 * says what the user pool answers. Import this file before the widget.
 */
export const auth = {
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
};

vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));

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
