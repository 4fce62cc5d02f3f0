import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganisationOnPlan,
  invitationLink,
  type Person,
  registerAndConfirm,
  toast,
} from './account-steps';
import { type AppUnderTest, startApp } from './app-server';
import { seriousViolations } from './axe';
import { expectPageSettled } from './page-watch';
import { markTourSeen } from './sign-in';

// A new organisation's first week, as its people live it (issue 22): the owner signs up, sets up a site,
// a data point and its readings, sees them on the dashboard and invites a viewer, who sees them too and
// can change nothing. Every page on the way is checked with axe, and the viewer's at 390 px as well.
let app: AppUnderTest;

beforeAll(async () => {
  app = await startApp();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const OWNER: Person = { name: 'Olive Owner', email: 'olive@first-week.test', password: 'First-week-1' };
const VIEWER: Person = { name: 'Vera Viewer', email: 'vera@first-week.test', password: 'First-week-2' };
const POINT = 'Main meter';

/** A meter register read hourly over the last four hours, in UTC, as a data logger exports it. */
function meterFile(now: Date): string {
  const hour = 3_600_000;
  const lastHour = Math.floor(now.getTime() / hour) * hour;
  const rows = [4, 3, 2, 1].map((hoursAgo, index) => {
    const at = new Date(lastHour - hoursAgo * hour).toISOString().replace('T', ' ').slice(0, 19);
    return `${POINT},${at},${(1000 + index * 12.5).toFixed(1)}`;
  });
  return ['Meter,Time,kWh', ...rows, ''].join('\n');
}

/**
 * The journey's people never asked their system for less motion, unlike the
 * other e2e files' (less-motion.ts): charts grow and pages slide for them.
 */
const DEFAULT_MOTION = { reducedMotion: 'no-preference' } as const;

async function newContext(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ viewport: { width, height: 900 }, ...DEFAULT_MOTION });
  await markTourSeen(context);
  return { context, page: await context.newPage() };
}

/** Opens a page, waits for it to settle as every e2e test does, and holds it to no serious axe violation. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${app.baseUrl}${path}`);
  await expectPageSettled(page);
  expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
}

/** Nothing wider than the screen: the page scrolls up and down only. A failure names what sticks out. */
/**
 * No table on the page is wider than the box it scrolls in: on a phone a
 * column past the card's edge is one the person never sees unless they think
 * to scroll the table sideways (Data Feeds showed only its Name column).
 */
async function expectNoTableCutOff(page: Page, path: string): Promise<void> {
  const cutOff = await page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      // The heatmap is a picture of the week, not rows to read: its hours scroll in a labelled region of their own.
      if (table.closest('[data-widget="usage-heatmap"]')) return [];
      const box = table.parentElement;
      if (!box || table.scrollWidth <= box.clientWidth + 1) return [];
      const widget = table.closest<HTMLElement>('[data-widget]')?.dataset.widget ?? 'a table';
      return [`${widget}: ${table.scrollWidth} px in ${box.clientWidth} px`];
    }),
  );
  expect(cutOff, `tables cut off on ${path}`).toEqual([]);
}

async function expectNoSideways(page: Page, path: string): Promise<void> {
  const stickingOut = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    // What reaches past the screen's edge outside any box that scrolls or clips it: what the person scrolls to.
    // Inside a box that scrolls or clips within the screen, it is seen only by scrolling that box. A box clips
    // an absolutely placed element only when it holds the element's containing block (its offsetParent).
    const inScroller = (element: Element) => {
      const { position } = getComputedStyle(element);
      const first =
        position === 'fixed'
          ? null
          : position === 'absolute' && element instanceof HTMLElement
            ? element.offsetParent
            : element.parentElement;
      for (let box = first; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible')
          return box.getBoundingClientRect().right <= width + 1;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll<Element>('*')].filter(
      (element) => element.getBoundingClientRect().right > width + 1 && !inScroller(element),
    );
    return past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 3)
      .map((element) => {
        const where = element.closest<HTMLElement>('[data-widget]')?.dataset.widget ?? 'the shell';
        const { left, right } = element.getBoundingClientRect();
        return `<${element.tagName.toLowerCase()}> "${element.textContent?.slice(0, 30)}" in ${where}, ${Math.round(left)} to ${Math.round(right)} px`;
      });
  });
  expect(stickingOut, `${path} is wider than the screen`).toEqual([]);
}

/** The viewer's ID token, as Amplify keeps it in the browser. */
async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1],
  );
  if (!token) throw new Error('no ID token in the browser');
  return token;
}

describe("a new organisation's first week in Chromium", () => {
  it('signs up, sets up a site, a data point and its readings, shows them on the dashboard and invites a viewer who can only look', async () => {
    const owner = await newContext(1280);
    const page = owner.page;
    await registerAndConfirm(page, app, '/auth/register', OWNER);
    // Their own setting, not the other files' less motion.
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(false);
    await createOrganisationOnPlan(page, app, 'First Week Ltd');

    // A site, from the empty tree's first step.
    await visit(page, '/sites');
    await page.getByRole('button', { name: 'Add your first site' }).click();
    const siteDialog = page.getByRole('dialog');
    await siteDialog.getByLabel(/^Name/).fill('Head Office');
    await siteDialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/sites\/\d+$/);
    await page.getByRole('heading', { name: 'Head Office', exact: true }).waitFor();
    // The trail above the page names the site, not its id.
    const trail = page.getByRole('navigation', { name: 'breadcrumb' }).first();
    await trail.getByText('Head Office').waitFor();
    expect(await trail.getByRole('listitem').allTextContents()).toEqual(['Home', 'Assets', 'Head Office']);

    // A data point on it.
    await visit(page, '/devices/all');
    // The empty table's own first step.
    await page.getByRole('button', { name: 'Add a data point' }).click();
    const pointDialog = page.getByRole('dialog', { name: 'Add a data point' });
    await pointDialog.getByLabel(/^Name/).fill(POINT);
    // Its only place, the site.
    await pointDialog.getByLabel(/^On/).selectOption({ index: 0 });
    await pointDialog.getByLabel(/^Measures/).selectOption('electricity');
    await pointDialog.getByRole('button', { name: 'Add data point' }).click();
    await pointDialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: POINT }).waitFor();

    // Its readings, from a file.
    await visit(page, '/devices/onboard');
    await page.getByLabel('Meter file (CSV or XLSX)').setInputFiles({
      name: 'main-meter.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(meterFile(new Date())),
    });
    await page.getByLabel(/^Time zone/).fill('UTC');
    await page.getByRole('button', { name: 'Run a dry run' }).click();
    await page.getByRole('button', { name: 'Continue to import' }).click();
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByRole('status').getByText('Imported 4 rows into 1 data point').waitFor();

    // The dashboard shows them, and says what it counts: nothing is tagged "fiscal" in a new organisation.
    await visit(page, '/dashboard');
    await page
      .getByText(/^This counts all your electricity data points/)
      .first()
      .waitFor();
    expect(await page.getByText('No electricity data points in kWh yet.').count()).toBe(0);
    expect(await page.getByText('No readings the last 30 days.').count()).toBe(0);
    // Once for the page, not under each card it holds for.
    await expectPageSettled(page);
    expect(await page.getByText(/none is on a place tagged “fiscal”/).count()).toBe(1);

    // A floor plan of the site with the meter placed on it, for the viewer to look at.
    await visit(page, '/floorplan');
    await page.getByRole('button', { name: 'New floor plan' }).click();
    const planForm = page.getByRole('form', { name: 'New floor plan' });
    await planForm.getByLabel(/^Name/).fill('Ground floor');
    await planForm.getByLabel('Picture of the plan').setInputFiles({
      name: 'ground-floor.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect x="10" y="10" width="780" height="480" fill="#fff" stroke="#333" stroke-width="6"/></svg>',
      ),
    });
    await planForm.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('button', { name: 'Place points' }).click();
    await page.getByRole('combobox', { name: 'Place a data point…' }).selectOption({ label: POINT });
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Ground floor saved.');

    // A viewer, invited.
    await visit(page, '/users');
    await page.getByLabel(/^Invite by e-mail/).fill(VIEWER.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await toast(page, `Invitation sent to ${VIEWER.email}`);
    await owner.context.close();

    const viewer = await newContext(1280);
    const link = await invitationLink(app, VIEWER.email);
    await registerAndConfirm(viewer.page, app, new URL(link).pathname, VIEWER);
    await toast(viewer.page, 'You have successfully joined Organization!');
    await visit(viewer.page, '/dashboard');
    await viewer.page
      .getByText(/^This counts all your electricity data points/)
      .first()
      .waitFor();
    // No edit action anywhere on the way.
    await visit(viewer.page, '/devices/all');
    await viewer.page.getByRole('cell', { name: POINT }).waitFor();
    expect(await viewer.page.getByRole('button', { name: /^Add (a )?data point$/ }).count()).toBe(0);
    await visit(viewer.page, '/sites');
    await viewer.page.getByText('Head Office').first().waitFor();
    expect(await viewer.page.getByRole('button', { name: /^Add / }).count()).toBe(0);
    await visit(viewer.page, '/devices/onboard');
    expect(await viewer.page.getByRole('button', { name: 'Run a dry run' }).count()).toBe(0);

    // The floor plan, to look at: its meter listed, nothing to place, move or upload.
    await visit(viewer.page, '/floorplan');
    await viewer.page.getByRole('table', { name: 'What Ground floor shows' }).getByText(POINT).waitFor();
    expect(await viewer.page.getByRole('button', { name: 'Place points' }).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: 'New floor plan' }).count()).toBe(0);
    const [plan] = await app.database.db.selectFrom('floor_plans').select(['id', 'markers']).execute();
    if (!plan) throw new Error('the owner made no floor plan');
    const moved = await fetch(`${app.baseUrl}/api/floorPlan/${plan.id}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await idTokenOf(viewer.page)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        name: 'Ground floor',
        markers: [],
        zones: [],
        colourScale: null,
        baseRevision: 2,
      }),
    });
    expect(moved.status).toBe(403);
    const after = await app.database.db.selectFrom('floor_plans').select('markers').executeTakeFirstOrThrow();
    expect(after.markers).toEqual(plan.markers);

    // A request the screens never offer her, made by hand with her token, is refused.
    const forged = await fetch(`${app.baseUrl}/api/addEntity`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await idTokenOf(viewer.page)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ type: 'site', name: 'Forged site', parentId: null, tags: [] }),
    });
    expect(forged.status).toBe(403);
    const sites = await app.database.db
      .selectFrom('entities')
      .select('name')
      .where('type', '=', 'site')
      .execute();
    expect(sites.map((site) => site.name)).toEqual(['Head Office']);

    // On a phone, the same pages fit the screen.
    const phone = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      ...DEFAULT_MOTION,
      storageState: await viewer.context.storageState(),
    });
    await viewer.context.close();
    const phonePage = await phone.newPage();
    for (const path of ['/dashboard', '/sites', '/devices/all', '/dashboards', '/users']) {
      await visit(phonePage, path);
      await expectNoSideways(phonePage, path);
      await expectNoTableCutOff(phonePage, path);
    }
    await phone.close();
  }, 240_000);
});
