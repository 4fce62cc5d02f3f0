import type { Page } from 'playwright-core';
import { createOrganisationWithUser } from '../../server/demo/seed';
import type { DemoApp } from './demo-app';
import { signInThroughForm } from './sign-in';

/** The shell's main menu, wherever the layout puts it. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/**
 * The pages the shell's test files open, on their file's demo app: the
 * demo user's, or a person of their own with settings of their own.
 */
export function shellPages(demoApp: DemoApp) {
  let people = 0;

  /** A person of their own, for tests whose settings must not be shared (the tour is dismissed per user). */
  async function newPerson(): Promise<{ email: string; password: string }> {
    people++;
    const person = { email: `person${people}@shell.test`, password: 'Shell-pass-1' };
    await createOrganisationWithUser(demoApp.app.database.db, {
      ...person,
      name: `Person ${people}`,
      organisationName: `Org ${people}`,
    });
    return person;
  }

  async function signedInPage(width = 1280, { tour = false, hasTouch = false, as = demoApp.demo } = {}) {
    // The tour's tests sign in through the form, whose init script they must not inherit.
    const storageState = tour ? undefined : await demoApp.session(as.email, as.password);
    const context = await demoApp.app.browser.newContext({
      viewport: { width, height: 900 },
      hasTouch,
      storageState,
    });
    const page = await context.newPage();
    if (tour) await signInThroughForm(page, demoApp.app.baseUrl, as.email, as.password, { tour });
    return { page, close: () => context.close() };
  }

  /** A signed-in page on /sites whose settings are stored before the app starts, as if chosen earlier. */
  async function pageWithSettings(settings: Record<string, unknown>) {
    // A person of their own: what one saved to the server must not be another test's start.
    const person = await newPerson();
    const context = await demoApp.app.browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: await demoApp.session(person.email, person.password),
    });
    const page = await context.newPage();
    await page.addInitScript((stored) => {
      for (const [field, value] of Object.entries(stored))
        localStorage.setItem(`app.settings.${field}`, JSON.stringify(value));
    }, settings);
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    return { page, close: () => context.close() };
  }

  return { newPerson, signedInPage, pageWithSettings };
}
