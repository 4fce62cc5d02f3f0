/** What aws-amplify names every key of a user pool's session in its default store, localStorage. */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Whether this browser may hold a signed-in session. Without one there is no
 * token to send and no session to restore, so the sign-in pages, most
 * visitors' first, need not load aws-amplify before someone signs in. When
 * the store cannot be read, Amplify is asked, as it would be otherwise.
 */
export function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index++) {
      if (localStorage.key(index)?.startsWith(AMPLIFY_KEY_PREFIX)) return true;
    }
    return false;
  } catch {
    return true;
  }
}
