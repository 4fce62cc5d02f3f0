import type { Browser, BrowserContext, Page } from 'playwright-core';

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
 * A session per person, made once through the login form and then handed to
 * new browser contexts as their stored state (Amplify keeps its tokens in
 * localStorage): a test that is not about signing in starts signed in, without
 * paying for the form again. The guided tour is marked as seen, as above.
 */
export function sessionKeeper(browser: Browser, baseUrl: string) {
  const sessions = new Map<string, Promise<StorageState>>();
  const signIn = async (email: string, password: string): Promise<StorageState> => {
    const context = await browser.newContext();
    try {
      await signInThroughForm(await context.newPage(), baseUrl, email, password);
      return await context.storageState();
    } finally {
      await context.close();
    }
  };
  return (email: string, password: string): Promise<StorageState> => {
    let session = sessions.get(email);
    if (!session) {
      session = signIn(email, password);
      sessions.set(email, session);
    }
    return session;
  };
}
