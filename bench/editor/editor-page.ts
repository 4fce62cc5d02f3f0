import type { Browser, Page } from 'playwright-core';
import { signInThroughForm } from '../../tests/browser/sign-in.ts';
import type { EditorBenchApp } from './bench-app.ts';
import { CARDS } from './bench-document.ts';
import { installWhenPainted, KEEP_NAMES_SHIM } from './when-painted.ts';

/**
 * A common desktop screen: the editor opens at its widest breakpoint, whose
 * canvas (960 px) fits beside the menu and the side panel, so a dragged
 * column stays in view all the way across its row.
 */
const VIEWPORT = { width: 1920, height: 1080 };

/** A tab of its own, with the in-page timing helper on every page it opens. */
export async function benchTab(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  await context.addInitScript(installWhenPainted);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

/** Signs in and opens the bench page in the editor, once every card's widget has drawn. */
export async function openEditor(page: Page, app: EditorBenchApp): Promise<void> {
  await signInThroughForm(page, app.baseUrl, app.user.email, app.user.password);
  await page.goto(`${app.baseUrl}/dashboards/${app.pageId}/edit`);
  await page
    .getByTestId('visual-canvas')
    .locator('[data-editor-card]')
    .nth(CARDS - 1)
    .waitFor();
  await widgetsDrawn(page);
}

/** Every widget of the page out of its loading skeleton, and the page's issue list empty: the document is valid. */
async function widgetsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    (cards) =>
      document.querySelectorAll('[data-widget]').length >= cards &&
      document.querySelector('[data-testid="widget-loading"]') === null,
    CARDS,
  );
  if ((await page.getByTestId('editor-issues').count()) > 0) {
    throw new Error(
      `the editor finds issues in the bench page: ${await page.getByTestId('editor-issues').innerText()}`,
    );
  }
}
