import { describe, expect, it } from 'vitest';
import { readableWithWhite } from '../../src/theme/contrast';
import { demoAppForThisFile } from './demo-app';
import { shellPages, sidebar } from './shell-pages';

/** What a person sets in the shell and keeps: the layout configuration saved to the server, an imported settings file, the guided tour seen once, and the language. */
const demoApp = demoAppForThisFile();
const { newPerson, signedInPage } = shellPages(demoApp);

describe("the shell's settings in Chromium", () => {
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
});
