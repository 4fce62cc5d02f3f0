import type { BrowserContext, Page } from 'playwright-core';
import type { AppConfigResponse } from '../../src/generated/api-types';
import { amplifyConfig, SIGN_IN_OPTIONS } from '../../src/session/amplify-config';

/**
 * Signs in through the login page as a person would, and waits until the app
 * has left it. The guided tour is marked as seen first, so it does not sit
 * over what a test clicks, unless the test is about the tour.
 */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  { tour = false }: { tour?: boolean } = {},
): Promise<void> {
  if (!tour) await markTourSeen(page);
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/**
 * Marks the guided tour as seen in every page the target opens, so it does
 * not sit over what a test clicks. A new page starts on about:blank, which
 * has no storage: only the app's pages are marked.
 */
export async function markTourSeen(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('app.settings.tutorialTouched', 'true');
  });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A session per person, made once and then handed to new browser contexts as
 * their stored state: a test that is not about signing in starts signed in,
 * as a person coming back to the app does, without paying for the form
 * (the sign-in tests in accounts.e2e.test.ts and shell.e2e.test.ts go through
 * it). The guided tour is marked as seen, as above.
 *
 * The session is aws-amplify's own, made here in Node against the app's user
 * pool and written by Amplify into a storage of ours, whose entries become the
 * page's localStorage: the form and the page load after it cost about two full
 * loads of the app in Chromium per person, and a file's tests sign in several.
 */
export function sessionKeeper(baseUrl: string) {
  const sessions = new Map<string, Promise<StorageState>>();
  return (email: string, password: string): Promise<StorageState> => {
    let session = sessions.get(email);
    if (!session) {
      session = amplifySession(baseUrl, email, password);
      sessions.set(email, session);
    }
    return session;
  };
}

/** Amplify is one per process: sign-ins take turns, each configured for its own app. */
let amplifyTurn: Promise<unknown> = Promise.resolve();

function amplifySession(baseUrl: string, email: string, password: string): Promise<StorageState> {
  const turn = amplifyTurn.then(() => signInWithAmplify(baseUrl, email, password));
  amplifyTurn = turn.catch(() => {});
  return turn;
}

async function signInWithAmplify(baseUrl: string, email: string, password: string): Promise<StorageState> {
  const [{ Amplify }, auth, { cognitoUserPoolsTokenProvider }, { ConsoleLogger }] = await Promise.all([
    import('aws-amplify'),
    import('aws-amplify/auth'),
    import('aws-amplify/auth/cognito'),
    import('aws-amplify/utils'),
  ]);
  // Errors only: Amplify warns on every sign-in that the pool's endpoint is not AWS's, which here it never is.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  // As the app configures it (src/session/amplify-setup.ts), from what /api/appConfig names.
  const config = (await (await fetch(`${baseUrl}/api/appConfig`)).json()) as AppConfigResponse;
  Amplify.configure(amplifyConfig(config.auth, baseUrl));
  // After configure, which puts Amplify's default storage back in place: a storage of this session's own.
  const stored = new Map<string, string>();
  cognitoUserPoolsTokenProvider.setKeyValueStorage({
    setItem: async (key, value) => void stored.set(key, value),
    getItem: async (key) => stored.get(key) ?? null,
    removeItem: async (key) => void stored.delete(key),
    clear: async () => stored.clear(),
  });
  const result = await auth.signIn({ username: email, password, options: SIGN_IN_OPTIONS });
  if (!result.isSignedIn) throw new Error(`${email} was not signed in: ${result.nextStep.signInStep}`);
  const localStorage = [...stored].map(([name, value]) => ({ name, value }));
  localStorage.push({ name: 'app.settings.tutorialTouched', value: 'true' });
  return { cookies: [], origins: [{ origin: baseUrl, localStorage }] };
}
