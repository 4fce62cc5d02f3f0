/**
 * npm run screenshots: every page of the menu as a new organisation and as
 * the demo one sees it, in the four languages, light and dark, at 1280 px
 * and at 390 px, written as PNG files to look at (not committed).
 *
 *   npm run screenshots -- [--out DIR] [--only TEXT]
 *
 * --only keeps the shots whose file name contains TEXT (e.g. "en-US" or "390").
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { openDatabase } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { demoOrganisationId, seedDemo } from '../../../server/demo/seed';
import { seedDemoPortfolio } from '../../../server/demo/seed-portfolio';
import { chromiumLaunchOptions } from '../../../server/reports/chromium';
import menu from '../../../src/shell/menu.json';
import { createOrganisationOnPlan, registerAndConfirm } from '../account-steps';
import { productionBuild } from '../build-frontend';
import { followRequests, quietNetwork } from '../quiet-network';
import { type ServedApp, serveApp } from '../serve-app';
import { sessionKeeper } from '../sign-in';

const LOCALES = ['en-US', 'fr-FR', 'ru-RU', 'zh-CN'] as const;
const THEMES = ['default', 'dark'] as const;
const WIDTHS = [1280, 390] as const;
const NEW_USER = { name: 'Nora Newcomer', email: 'nora@new.example', password: 'Newcomer-pass-1' };

const { values: options } = parseArgs({
  options: { out: { type: 'string', default: 'screenshots' }, only: { type: 'string', default: '' } },
});

async function main(): Promise<void> {
  const outDir = resolve(options.out);
  mkdirSync(outDir, { recursive: true });
  console.log('building the app…');
  const buildDir = await mkdtemp(join(tmpdir(), 'insights-shots-'));
  await productionBuild(() => build({ logLevel: 'warn', build: { outDir: buildDir } }));
  const database = await openDatabase({ memory: true });
  await migrate(database.db);
  const demo = await seedDemo(database.db);
  const organisationId = await demoOrganisationId(database.db);
  if (!demo || organisationId === undefined) throw new Error('the demo organisation was not made');
  await seedDemoPortfolio(database.db, { organisationId, days: 14 });
  const served = await serveApp(buildDir, database);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    await registerNewOrganisation(browser, served);
    const people = [
      { who: 'new', email: NEW_USER.email, password: NEW_USER.password },
      { who: 'demo', email: demo.email, password: demo.password },
    ];
    // Signed in once each, in English (the login form's labels), then handed to every language's context.
    const session = sessionKeeper(served.baseUrl);
    let taken = 0;
    for (const person of people) {
      const signedIn = await session(person.email, person.password);
      taken += await shootEveryPage(browser, served, { ...person, signedIn }, outDir);
    }
    console.log(`screenshots: ${taken} pictures in ${outDir}`);
  } finally {
    await browser.close();
    await served.close();
  }
}

/** A newcomer's first steps, through the screens: register, confirm, create an organisation, choose a plan. */
async function registerNewOrganisation(browser: Browser, served: ServedApp): Promise<void> {
  const page = await browser.newPage();
  await registerAndConfirm(page, served, '/auth/register', NEW_USER);
  await createOrganisationOnPlan(page, served, 'Newcomer Estates');
  await page.context().close();
}

/** Every menu page for one person, in every language, theme and width; returns how many were taken. */
async function shootEveryPage(
  browser: Browser,
  served: ServedApp,
  person: { who: string; signedIn: Awaited<ReturnType<ReturnType<typeof sessionKeeper>>> },
  outDir: string,
): Promise<number> {
  const pages = menu.config.flatMap((item) => ('url' in item && item.url ? [item] : []));
  let taken = 0;
  for (const locale of LOCALES) {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const shots = pages
          .map((item) => ({ item, file: `${person.who}-${locale}-${theme}-${width}-${item.key}.png` }))
          .filter(({ file }) => file.includes(options.only));
        if (shots.length === 0) continue;
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          locale,
          storageState: person.signedIn,
        });
        await context.addInitScript(
          ([chosenLocale, chosenTheme]) => {
            localStorage.setItem('app.settings.locale', JSON.stringify(chosenLocale));
            localStorage.setItem('app.settings.theme', JSON.stringify(chosenTheme));
          },
          [locale, theme],
        );
        const page = await context.newPage();
        followRequests(page);
        for (const { item, file } of shots) {
          await page.goto(`${served.baseUrl}${item.url}`);
          await settle(page);
          await page.screenshot({ path: join(outDir, file), fullPage: true });
          taken++;
        }
        await context.close();
        process.stdout.write(`  ${person.who} ${locale} ${theme} ${width}px: ${shots.length} pages\n`);
      }
    }
  }
  return taken;
}

/** Waits until the page stops loading: no request in flight and no loading marker for half a second. */
async function settle(page: Page): Promise<void> {
  await quietNetwork(page).catch(() => {});
  await page
    .waitForFunction(
      () => !document.querySelector('[aria-busy="true"], [data-testid="data-loading"]'),
      null,
      {
        timeout: 15_000,
      },
    )
    .catch(() => {});
  // Glyphs whose font pieces are still on their way show as boxes (font-display: swap).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(500);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
