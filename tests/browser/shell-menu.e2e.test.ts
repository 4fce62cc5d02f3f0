import { describe, expect, it } from 'vitest';
import menu from '../../src/shell/menu.json';
import { demoAppForThisFile } from './demo-app';
import { shellPages, sidebar } from './shell-pages';

/** The shell's menu and navigation: where each entry goes, how the menu folds, slides and flies out, and the bar that shows a page is coming. */
const demoApp = demoAppForThisFile();
const { signedInPage, pageWithSettings } = shellPages(demoApp);

describe("the shell's menu in Chromium", () => {
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
});
