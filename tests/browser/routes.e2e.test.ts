import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, startAppWithDemo } from './app-server';
import { navigateInApp } from './in-app';
import { expectAlert, expectApiFailure, expectPageSettled } from './page-watch';
import { sessionKeeper } from './sign-in';

// Every route of spec §2 rendered in turn: a file of its own, so it runs beside the shell's other tests.
let app: AppUnderTest;
let demo: { email: string; password: string };
let session: ReturnType<typeof sessionKeeper>;

beforeAll(async () => {
  ({ app, demo } = await startAppWithDemo());
  session = sessionKeeper(app.baseUrl);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

async function signedInPage() {
  const context = await app.browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: await session(demo.email, demo.password),
  });
  // Pages switch at once: the route animations are the shell tests' business, and here they would
  // cost 300 ms on each of dozens of routes.
  const page = await context.newPage();
  // On the page, not its context: a context's script also runs in the new page's about:blank, where
  // reading localStorage throws.
  await page.addInitScript(() => localStorage.setItem('app.settings.routerAnimation', '"none"'));
  return { page, close: () => context.close() };
}

/**
 * Waits for the page's h1 to read `title`, checking every frame: a locator's
 * wait backs off to half a second between checks, which over dozens of routes
 * is most of the test's time.
 */
async function headingShown(page: Page, title: string): Promise<void> {
  await page.waitForFunction(
    (expected) => Array.from(document.querySelectorAll('h1')).some((h1) => h1.textContent === expected),
    title,
    { polling: 'raf' },
  );
}

/** Every product route of spec §2, with the title its page shows. */
const PRODUCT_ROUTES: [string, string][] = [
  ['/sites', 'Assets'],
  ['/sites/12/3', 'Assets'],
  ['/assets', 'Assets'],
  ['/devices/all', 'Data Feeds'],
  ['/devices/all/meter/file/7', 'Data Feeds'],
  ['/devices/onboard', 'Onboard data feeds'],
  ['/data/integration', 'Onboard data feeds'],
  ['/data/integration/meter/file/7', 'Onboard data feeds'],
  ['/data/explorer', 'Data Explorer'],
  ['/data/machinelearning', 'Machine learning'],
  ['/control/logicbuilder', 'Logic builder'],
  ['/reports/entities', 'Sites'],
  ['/reports/all', 'Reports'],
  ['/users', 'Users'],
  ['/organisation', 'Organisation'],
  ['/tariffs', 'Tariffs'],
  ['/billing', 'Billing'],
  ['/floorplan', 'Floor Plan'],
  ['/dashboards', 'Dashboards'],
  ['/dashboard', 'Dashboard'],
  ['/dashboard/alpha', 'Dashboard: Alpha'],
  ['/dashboard/beta', 'Dashboard: Beta'],
  ['/dashboard/gamma', 'Dashboard: Gamma'],
  ['/dashboard/dash', 'Dashboard: Dash'],
];

describe('every route in Chromium', () => {
  it('renders every product route with its title and no console error', async () => {
    const { page, close } = await signedInPage();
    await page.goto(`${app.baseUrl}/sites`);
    // The demo organisation says its data is generated.
    await page
      .getByTestId('demo-organisation')
      .getByText('The demo organisation')
      .waitFor({ state: 'attached' });
    for (const [path, title] of PRODUCT_ROUTES) {
      await navigateInApp(page, path);
      await headingShown(page, title)
        .then(() => page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor())
        .catch(async (error: Error) => {
          const headings = await page.getByRole('heading').allTextContents();
          throw new Error(
            `${path}: ${error.message}\nat ${page.url()} with headings ${JSON.stringify(headings)}`,
          );
        });
      // The tab's title follows the page's within a frame or two of its heading.
      await page.waitForFunction((expected) => document.title === expected, `Insights | ${title}`, {
        polling: 'raf',
      });
      // Each route settles with every widget loaded: the end of the test sees only the last.
      await expectPageSettled(page).catch((error: Error) => {
        throw new Error(`${path}: ${error.message}`);
      });
      // The organisation's own pages are not called demos.
      expect(await page.getByTestId('demo-page-notice').count(), path).toBe(0);
    }
    await close();
  }, 300_000); // dozens of routes one after another, each left to settle with its data

  it("keeps the organisation's own dashboards: its dashboard and sub-pages, one more under it, reset, deleted", async () => {
    const { page, close } = await signedInPage();
    // The organisation was given its dashboard from the template, with the other templates as its tabs.
    await page.goto(`${app.baseUrl}/dashboard`);
    await headingShown(page, 'Dashboard');
    const tabs = page.getByRole('navigation', { name: 'Pages of Dashboard' });
    await tabs.getByRole('link', { name: 'Dashboard: Alpha' }).click();
    await page.waitForURL(`${app.baseUrl}/dashboard/alpha`);
    await headingShown(page, 'Dashboard: Alpha');
    await expectPageSettled(page);

    await navigateInApp(page, '/dashboards');
    const form = page.getByRole('form', { name: 'New dashboard' });
    await form.getByLabel('Title').fill('Night watch');
    await form.getByLabel('Start from').selectOption('dashboard/beta');
    await form.getByLabel('Goes under').selectOption({ label: 'Dashboard' });
    await form.getByRole('button', { name: 'Create dashboard' }).click();
    await page.waitForURL(/\/dashboards\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    // The stored page is the template's document under its new title, rendered by the same engine with the
    // organisation's data, and one of the dashboard's tabs.
    await headingShown(page, 'Night watch');
    await expectPageSettled(page);
    await tabs
      .getByRole('link', { name: 'Night watch' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();

    // Reset to its template: a new revision, the title kept.
    await page.getByRole('button', { name: 'Reset to template' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reset Night watch to its template?' });
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Night watch is its template again (revision 2).').waitFor();
    await headingShown(page, 'Night watch');
    const revisions = await app.database.db
      .selectFrom('page_revisions')
      .select(['revision', 'message'])
      .where('page_id', '=', id)
      .orderBy('revision')
      .execute();
    expect(revisions).toEqual([
      { revision: 1, message: null },
      { revision: 2, message: 'Reset to the template dashboard/beta' },
    ]);

    await navigateInApp(page, '/dashboards');
    // The list of dashboards, not the page just left, whose tabs and trail name it too.
    await headingShown(page, 'Dashboards');
    await page.getByTestId('page').getByRole('link', { name: 'Night watch' }).waitFor();
    await page.getByRole('button', { name: 'Delete Night watch' }).click();
    await page
      .getByRole('group', { name: 'Delete Night watch?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('link', { name: 'Night watch' }).waitFor({ state: 'detached' });
    expect(
      await app.database.db
        .selectFrom('page_revisions')
        .select('page_id')
        .where('page_id', '=', id)
        .execute(),
    ).toEqual([]);

    // An id that is not one of the organisation's pages is the 404 page, inside the app.
    expectApiFailure('dashboardGet', 404);
    expectAlert(/^404: this page does not exist/);
    await page.goto(`${app.baseUrl}/dashboards/999999`);
    await page.waitForURL(`${app.baseUrl}/auth/404`);
    await close();
  }, 120_000);

  it('renders every template demo route of spec §2 from its layout, marked as a demo, with no error card or console error', async () => {
    const { page, close } = await signedInPage();
    const routes = demoRoutes();
    expect(routes.length).toBeGreaterThan(45);
    await page.goto(`${app.baseUrl}/sites`);
    for (const { path, title } of routes) {
      await navigateInApp(page, path);
      await headingShown(page, title);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      // Its figures are made up, and the page says so.
      await page.getByTestId('demo-page-notice').waitFor();
      await expectPageSettled(page).catch((error: Error) => {
        throw new Error(`${path}: ${error.message}`);
      });
    }
    await close();
  }, 300_000); // dozens of routes one after another, each left to settle with its data
});

/** Every file in layouts/demo/template/ and the route it is served at. */
function demoRoutes(): { path: string; title: string }[] {
  const root = join(process.cwd(), 'layouts/demo/template');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
    );
  return walk(root).map((file) => ({
    path: `/${relative(root, file).replace(/\.json$/, '')}`,
    title: (JSON.parse(readFileSync(file, 'utf8')) as { title: string }).title,
  }));
}
