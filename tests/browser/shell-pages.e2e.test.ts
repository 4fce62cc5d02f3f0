import { describe, expect, it } from 'vitest';
import { writeAddress } from '../../widgets/data-explorer/view';
import { seriousViolations } from './axe';
import { demoAppForThisFile } from './demo-app';
import { expectAlert, expectPageSettled, networkQuiet } from './page-watch';
import { shellPages } from './shell-pages';
import { signInThroughForm } from './sign-in';

/** The shell's pages as a whole: no serious accessibility violation, every auth route, the chosen footer and breadcrumbs, and the explorer's canvas panels. */
const demoApp = demoAppForThisFile();
const { newPerson, signedInPage, pageWithSettings } = shellPages(demoApp);

describe("the shell's pages in Chromium", () => {
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
    await networkQuiet(page);
    // The chosen theme is in force on every page, the sign-in pages too.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
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
