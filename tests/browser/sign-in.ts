import type { Page } from 'playwright-core';

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
  if (!tour) await page.addInitScript(() => localStorage.setItem('app.settings.tutorialTouched', 'true'));
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}
