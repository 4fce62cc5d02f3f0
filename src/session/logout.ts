import { abortApiRequests } from '../api/client';
import type { AccountContext } from './account-context';

/**
 * Logout (§4): an empty, unauthorised session on the login page, then global
 * sign-out. The signed-in pages go first, and their requests with them: a
 * page still loading would otherwise ask with tokens being revoked, and be
 * refused.
 */
export async function logout({ navigate, setSession }: AccountContext): Promise<void> {
  setSession({ status: 'unauthorised' });
  navigate('/auth/login');
  abortApiRequests();
  // aws-amplify comes with the flows that talk to the pool, not with the app's first script.
  await import('aws-amplify/auth')
    .then(({ signOut }) => signOut({ global: true }))
    .catch((error) => console.error('Sign-out failed', error));
}
