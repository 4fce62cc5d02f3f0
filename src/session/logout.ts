import { signOut } from 'aws-amplify/auth';
import type { AccountContext } from './account-context';

/** Logout (§4): global sign-out, then an empty, unauthorised session. */
export async function logout({ navigate, setSession }: AccountContext): Promise<void> {
  await signOut({ global: true }).catch((error) => console.error('Sign-out failed', error));
  setSession({ status: 'unauthorised' });
  navigate('/auth/login');
}
