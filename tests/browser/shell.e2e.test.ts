import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrganisationWithUser } from '../../server/demo/seed';
import menu from '../../src/shell/menu.json';
import { readableWithWhite } from '../../src/theme/contrast';
import { writeAddress } from '../../widgets/data-explorer/view';
import { seriousViolations } from './axe';
import { demoAppForThisFile } from './demo-app';
import { expectAlert, expectPageSettled } from './page-watch';
import { signInThroughForm } from './sign-in';

const demoApp = demoAppForThisFile();

/** A person of their own, for tests whose settings must not be shared (the tour is dismissed per user). */
let people = 0;
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

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

describe('the shell in Chromium', () => {
  it('sends / to /sites', async () => {
    const { page, close } = await signedInPage();
    await page.goto(`${demoApp.app.baseUrl}/`);
    await page.waitForURL(`${demoApp.app.baseUrl}/sites`);
    await close();
  });

  it("takes each menu entry to the route of the spec's table", async () => {
    const { page, close } = await signedInPage();
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    for (const item of menu.config.filter((entry) => !('category' in entry))) {
      await sidebar(page).getByRole('link', { name: item.title, exact: true }).click();
      await page.waitForURL(`${demoApp.app.baseUrl}${item.url}`);
    }
    await close();
  });

  it('keeps the collapsed menu across a reload, and lets the URL override it', async () => {
    const { page, close } = await signedInPage();
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    expect(await sidebar(page).getAttribute('data-collapsed')).toBe('false');
    await page.getByRole('button', { name: 'Collapse the menu' }).click();
    expect(await sidebar(page).getAttribute('data-collapsed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('app.settings.isMenuCollapsed'))).toBe('true');
    await page.reload();
    await sidebar(page).waitFor();
    expect(await sidebar(page).getAttribute('data-collapsed')).toBe('true');
    await page.goto(`${demoApp.app.baseUrl}/sites?isMenuCollapsed=false`);
    await sidebar(page).waitFor();
    expect(await sidebar(page).getAttribute('data-collapsed')).toBe('false');
    await close();
  });

  it('collapses the menu under 1024 px and turns it into a drawer under 768 px', async () => {
    const { page, close } = await signedInPage(1000);
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    expect(await sidebar(page).getAttribute('data-collapsed')).toBe('true');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForFunction(
      () => document.querySelector('nav[aria-label="Main menu"]')?.getAttribute('data-collapsed') === 'false',
    );
    await page.setViewportSize({ width: 600, height: 900 });
    await page.waitForFunction(() => !document.querySelector('nav[aria-label="Main menu"]'));
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await sidebar(page).getByRole('link', { name: 'Tariffs', exact: true }).click();
    await page.waitForURL(`${demoApp.app.baseUrl}/tariffs`);
    await close();
  });

  it('saves the layout configuration to the server, closing the panels, and brings it back in a new browser', async () => {
    const first = await signedInPage();
    await first.page.goto(`${demoApp.app.baseUrl}/sites`);
    await first.page.getByRole('button', { name: 'Layout configuration' }).click();
    const panel = first.page.getByRole('dialog', { name: 'Layout Configuration' });
    await panel.getByRole('button', { name: 'dark' }).click();
    await first.page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await panel.locator('#primary-color').fill('#e8590c');
    // Buttons use the chosen colour, darkened just enough for white text on them to stay readable.
    await first.page.waitForFunction(
      (expected) =>
        document.documentElement.style.getPropertyValue('--chakra-colors-brand-solid') === expected,
      readableWithWhite('#e8590c'),
    );
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    // The save reaches the server in the background.
    await expect
      .poll(() => demoApp.app.database.db.selectFrom('ui_configs').select('config').execute())
      .toHaveLength(1);
    const saved = await demoApp.app.database.db
      .selectFrom('ui_configs')
      .select('config')
      .executeTakeFirstOrThrow();
    expect(saved.config).toMatchObject({ theme: 'dark', primaryColor: '#e8590c', tutorialTouched: true });
    expect(saved.config).not.toHaveProperty('isPreselectedOpen');
    await first.close();

    const second = await signedInPage();
    await second.page.goto(`${demoApp.app.baseUrl}/sites`);
    await second.page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await second.close();
  });

  it("applies an imported settings file and says 'Changes are successfully applied'", async () => {
    const { page, close } = await signedInPage();
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Import settings').setInputFiles({
      name: 'settings.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ logo: 'Energy Desk', isMenuCollapsed: true })),
    });
    await page.getByTestId('toast').filter({ hasText: 'Changes are successfully applied' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByText('Energy Desk').waitFor();
    // The tab's title is the configured logo text followed by the page's title (spec §2).
    await page.waitForFunction(() => document.title === 'Energy Desk | Assets');
    expect(await sidebar(page).getAttribute('data-collapsed')).toBe('true');
    await close();
  });

  it('opens the menu on a phone with a swipe from the left edge, and not from the middle', async () => {
    const { page, close } = await signedInPage(600, { hasTouch: true });
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    const swipe = (fromX: number, toX: number) =>
      page.evaluate(
        ([from, to]) => {
          const touch = (x: number) =>
            new Touch({ identifier: 1, target: document.body, clientX: x, clientY: 400 });
          window.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(from as number)] }));
          window.dispatchEvent(new TouchEvent('touchmove', { touches: [touch(to as number)] }));
          window.dispatchEvent(new TouchEvent('touchend', { touches: [] }));
        },
        [fromX, toX],
      );
    await swipe(200, 320);
    await swipe(20, 60);
    expect(await sidebar(page).count()).toBe(0);
    await swipe(20, 80);
    await sidebar(page).waitFor();
    await close();
  });

  it('shows a progress bar for about 300 ms on navigation', async () => {
    const { page, close } = await signedInPage();
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    await sidebar(page).waitFor();
    // The load's own navigation (/ to /sites) shows a bar first; this test's begins with none.
    await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'));
    // Watched from inside the page: a bar shown for 300 ms can come and go between two of
    // Playwright's checks, which back off to half a second.
    await page.evaluate(() => {
      const seen: { shownAt?: number; goneAt?: number } = {};
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const bar = () => document.querySelector('[role="progressbar"][aria-label="Loading page"]');
      new MutationObserver(() => {
        if (bar() && seen.shownAt === undefined) seen.shownAt = performance.now();
        if (!bar() && seen.shownAt !== undefined && seen.goneAt === undefined)
          seen.goneAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await sidebar(page).getByRole('link', { name: 'Tariffs', exact: true }).click();
    await page.waitForFunction(
      () => (window as unknown as { progressSeen: { goneAt?: number } }).progressSeen.goneAt !== undefined,
    );
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: { shownAt: number; goneAt: number } }).progressSeen,
    );
    // A timer takes it away: never sooner than 300 ms (a busy machine can only make it later).
    expect(seen.goneAt - seen.shownAt).toBeGreaterThanOrEqual(250);
    await close();
  });

  it('shows the guided tour of 8 steps once; closed, it never comes back', async () => {
    const { page, close } = await signedInPage(1280, { tour: true, as: await newPerson() });
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    const tour = page.getByRole('dialog', { name: 'Guided tour' });
    await tour.getByText('Step 1 of 8').waitFor();
    for (let step = 2; step <= 8; step++) {
      await tour.getByRole('button', { name: 'Next' }).click();
      await tour.getByText(`Step ${step} of 8`).waitFor();
    }
    await tour.getByRole('button', { name: 'Close' }).click();
    await tour.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('app.settings.tutorialTouched'))).toBe('true');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    expect(await tour.count()).toBe(0);
    await close();
  });

  it('marks the tour as seen when the layout configuration is saved', async () => {
    const { page, close } = await signedInPage(1280, { tour: true, as: await newPerson() });
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    await page.getByRole('dialog', { name: 'Guided tour' }).waitFor();
    await page.getByRole('button', { name: 'Layout configuration' }).click();
    await page
      .getByRole('dialog', { name: 'Layout Configuration' })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByRole('dialog', { name: 'Guided tour' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('app.settings.tutorialTouched'))).toBe('true');
    await close();
  });

  it('does not show the tour with the demo flag, nor inside a frame', async () => {
    const { page, close } = await signedInPage(1280, { tour: true, as: await newPerson() });
    await page.goto(`${demoApp.app.baseUrl}/sites?demo=true`);
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Guided tour' }).count()).toBe(0);
    await page.goto(`${demoApp.app.baseUrl}/privacy.html`);
    await page.setContent(
      `<iframe title="app" src="${demoApp.app.baseUrl}/sites" style="width:1200px;height:800px"></iframe>`,
    );
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    expect(await frame.getByRole('dialog', { name: 'Guided tour' }).count()).toBe(0);
    await close();
  });

  it.each([
    ['the login page', '/auth/login', false, 'default'],
    ['the login page in the dark theme', '/auth/login', false, 'dark'],
    ['the sites page', '/sites', true, 'default'],
    ['the sites page in the dark theme', '/sites', true, 'dark'],
    ['a demo page', '/layouts/demo/overview', true, 'default'],
  ])('has no serious or critical accessibility violation on %s', async (_name, path, signedIn, theme) => {
    const context = await demoApp.app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(
      (chosen) => localStorage.setItem('app.settings.theme', JSON.stringify(chosen)),
      theme,
    );
    if (signedIn) {
      const person = await newPerson();
      await signInThroughForm(page, demoApp.app.baseUrl, person.email, person.password);
    }
    await page.goto(`${demoApp.app.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // The chosen theme is in force on every page, the sign-in pages too.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('speaks the four languages: the menu, breadcrumbs and auth pages follow the choice, which is kept, with the glyphs Chinese needs', async () => {
    const { page, close } = await signedInPage(1280, { as: await newPerson() });
    await page.goto(`${demoApp.app.baseUrl}/sites`);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Flux de données' })
      .waitFor();
    await page.getByRole('link', { name: 'Accueil' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    await page.reload();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();

    await page.getByRole('button', { name: 'Langue: Français' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('button', { name: /个人菜单$/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(`${demoApp.app.baseUrl}/auth/login`);
    await page.getByRole('heading', { level: 1, name: '登录' }).waitFor();
    await page.getByLabel(/^电子邮件/).waitFor();
    // Its glyphs are drawn with the font the app ships, not as boxes where the machine has no Chinese font:
    // a Chinese glyph is one em wide, a missing glyph's box about half of that. These are words of the menu
    // and the billing page, in the page's own font.
    await page.waitForFunction(
      () => {
        const words = document.createElement('span');
        words.textContent = '状态站点账单集成管理';
        document.body.append(words);
        const width = words.getBoundingClientRect().width;
        const em = Number.parseFloat(getComputedStyle(words).fontSize);
        words.remove();
        return Math.abs(width - 10 * em) < 1;
      },
      undefined,
      { timeout: 10_000 },
    );
    await page.getByRole('button', { name: '语言: 中文' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await page.getByRole('heading', { level: 1, name: 'Вход' }).waitFor();
    await close();
  });

  it('renders every auth route of spec §2 without signing in', async () => {
    // The two error pages are failures shown on purpose.
    expectAlert(/^404: this page does not exist/);
    expectAlert(/^500: something went wrong on our side/);
    const context = await demoApp.app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const routes = [
      '/auth/login',
      '/auth/login/invitation-token-0123456789',
      '/auth/register',
      '/auth/register/invitation-token-0123456789',
      '/auth/confirm',
      '/auth/confirm/invitation-token-0123456789',
      '/auth/forgot-password',
      '/auth/forgot-passwordSubmit',
      '/auth/lockscreen',
      '/auth/404',
      '/auth/500',
    ];
    for (const path of routes) {
      await page.goto(`${demoApp.app.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(page.url(), path).toBe(`${demoApp.app.baseUrl}${path}`);
      await expectPageSettled(page).catch((error: Error) => {
        throw new Error(`${path}: ${error.message}`);
      });
    }
    // The register page asks the server about an unknown invitation: a 200 with valid: false, no error.
    await context.close();
  });

  /** A signed-in page whose settings are stored before the app starts, as if chosen earlier. */
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

  it('shows the menu in the simply style without its headings', async () => {
    const { page, close } = await pageWithSettings({ layoutMenu: 'simply' });
    expect(await sidebar(page).getAttribute('data-layout')).toBe('simply');
    expect(await sidebar(page).getByText('Management').count()).toBe(0);
    await sidebar(page).getByRole('link', { name: 'Billing', exact: true }).click();
    await page.waitForURL(`${demoApp.app.baseUrl}/billing`);
    await close();
  });

  it('shows the flyout menu on pointing at a heading and hides it 100 ms after the pointer leaves', async () => {
    const { page, close } = await pageWithSettings({ layoutMenu: 'flyout' });
    expect(await sidebar(page).getAttribute('data-layout')).toBe('flyout');
    await sidebar(page).getByRole('button', { name: 'Management' }).hover();
    const flyout = page.getByTestId('flyout');
    await flyout.getByRole('link', { name: 'Tariffs' }).waitFor();
    await page.mouse.move(900, 600);
    await flyout.waitFor({ state: 'detached' });
    await sidebar(page).getByRole('button', { name: 'Management' }).hover();
    await flyout.getByRole('link', { name: 'Tariffs' }).click();
    await page.waitForURL(`${demoApp.app.baseUrl}/tariffs`);
    await close();
  });

  it('puts the menu on top, or leaves it out', async () => {
    const top = await pageWithSettings({ menuLayoutType: 'top' });
    expect(await sidebar(top.page).getAttribute('data-layout')).toBe('top');
    await sidebar(top.page).getByRole('link', { name: 'Users', exact: true }).click();
    await top.page.waitForURL(`${demoApp.app.baseUrl}/users`);
    await top.close();
    const none = await pageWithSettings({ layoutMenu: 'noMenu' });
    expect(await sidebar(none.page).count()).toBe(0);
    await none.close();
  });

  it('shows the chosen footer and breadcrumbs; the subscribe box does nothing', async () => {
    const { page, close } = await pageWithSettings({ layoutFooter: 'v3', layoutBreadcrumbs: 'v2' });
    expect(await page.locator('[data-footer]').getAttribute('data-footer')).toBe('v3');
    expect(await page.locator('[data-variant="v2"]').count()).toBe(1);
    // The page's own requests are done first (its widgets load with their words, its notifications region at
    // the first press): only the click's are counted.
    await page.getByLabel('E-mail for the newsletter').click();
    await page.getByLabel('E-mail for the newsletter').fill('someone@example.com');
    await expectPageSettled(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect(page.url()).toBe(`${demoApp.app.baseUrl}/sites`);
    expect(requests).toEqual([]);
    await close();
    const bare = await pageWithSettings({ layoutFooter: 'noFooter', layoutBreadcrumbs: 'noBreadcrumbs' });
    expect(await bare.page.locator('footer').count()).toBe(0);
    expect(await bare.page.getByRole('link', { name: 'Home' }).count()).toBe(0);
    await bare.close();
  });
  it('draws Data Explorer panels past a thousand points on a canvas and names the point under the pointer', async () => {
    const { page, close } = await signedInPage();
    try {
      const points = await demoApp.app.database.db
        .selectFrom('data_points')
        .select('id')
        .where('formula', 'is', null)
        .orderBy('id')
        .limit(12)
        .execute();
      const to = Date.now();
      const address = writeAddress({
        view: {
          dataPointIds: points.map((point) => point.id),
          range: 'custom',
          from: new Date(to - 13 * 86_400_000).toISOString(),
          to: new Date(to).toISOString(),
          resolution: '15min',
        },
        savedId: null,
        zoomBase: null,
      });
      await page.goto(`${demoApp.app.baseUrl}/data/explorer?${address}`);
      await page.locator('[data-testid="explorer-chart"][data-state="painted"]').waitFor({ timeout: 30_000 });
      const canvasPanel = page.locator('figure[data-renderer="canvas"]').first();
      await canvasPanel.waitFor();
      const plot = await canvasPanel.locator('canvas').boundingBox();
      if (!plot) throw new Error('the canvas panel has no canvas');
      // The middle of the plot: some series has a drawn hour there.
      await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
      const tip = page.getByTestId('explorer-point-tip');
      await tip.waitFor();
      const unit = await canvasPanel.getAttribute('data-unit');
      expect(await tip.textContent()).toContain(unit ?? '');
      await page.mouse.move(0, 0);
      await tip.waitFor({ state: 'detached' });
    } finally {
      await close();
    }
  });
});
