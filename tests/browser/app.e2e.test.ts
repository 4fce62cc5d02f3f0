import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, startAppWithDemo } from './app-server';
import { expectAlert } from './page-watch';
import { sessionKeeper } from './sign-in';

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

/** Opens a page as the signed-in demo user (or signed out). */
async function openPage(path: string, { signedIn = true } = {}) {
  const context = await app.browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: signedIn ? await session(demo.email, demo.password) : undefined,
  });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}${path}`);
  return { page, close: () => context.close() };
}

/** Opens the playground's editor on the demo overview, in code mode when asked. */
async function openPlayground({ code = false } = {}) {
  const opened = await openPage('/playground');
  await opened.page.locator('[data-card-select]').first().waitFor();
  if (code) {
    await opened.page.getByRole('radio', { name: 'Code' }).click();
    await opened.page.locator('.cm-content').click();
  }
  return opened;
}

/**
 * Replaces the code editor's whole text with a paste, as the browser delivers
 * one: a paste event whose clipboard data CodeMirror reads. (Typed in as one
 * insertion instead, 10 MB went into the page's DOM before CodeMirror saw it,
 * about a minute of the browser's work that no person's paste causes.)
 */
async function pasteInCode(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+a');
  await page.locator('.cm-content').evaluate((content, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', pasted);
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

/** Loads a document into the editor as a person choosing a .json file does. */
async function importFile(page: Page, name: string, content: string): Promise<void> {
  await page
    .getByTestId('import-file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

describe('the app in Chromium', () => {
  it('renders the demo overview from layouts/demo/overview.json with every widget and no error', async () => {
    const { page, close } = await openPage('/layouts/demo/overview');
    await page.getByRole('heading', { level: 1, name: 'Energy overview' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-widget] svg').length >= 3);
    expect(await page.locator('[data-widget]').count()).toBe(13);
    expect(await page.getByTestId('error-card').count()).toBe(0);
    expect(await page.title()).toBe('Insights | Energy overview');
    await close();
  });

  it('sends an unknown address to the 404 page', async () => {
    expectAlert(/^404: this page does not exist/);
    const { page, close } = await openPage('/no/such/page', { signedIn: false });
    await page.waitForURL('**/auth/404');
    await page.getByRole('heading', { name: '404: this page does not exist' }).waitFor();
    await close();
  });

  it('shows text that is not JSON as a problem where it is, and keeps the last page that was, never a blank one', async () => {
    const { page, close } = await openPlayground({ code: true });
    await pasteInCode(page, '{"title": "Broken",');
    const issues = page.getByTestId('editor-issues');
    await issues.waitFor();
    expect(await issues.textContent()).toContain(
      'not valid JSON: expected a property name in double quotes at line 1, column 20',
    );
    await page
      .getByTestId('editor-preview')
      .getByRole('heading', { level: 1, name: 'Energy overview' })
      .waitFor();
    expect(await page.getByTestId('save-state').count()).toBe(0);
    await close();
  });

  it('refuses a 10 MB layout with its size, pasted or opened as a file', async () => {
    // The refusal of the file stays on screen.
    expectAlert(/^huge\.json is 10\.0 MB; a layout may be at most 2 MB\.$/);
    const { page, close } = await openPlayground({ code: true });
    const huge = JSON.stringify({
      schemaVersion: 2,
      id: 'x',
      title: 'x',
      rows: [],
      description: 'x'.repeat(10 * 1024 * 1024),
    });
    // The demo overview in the editor is what must survive the paste.
    const kept = page
      .getByTestId('editor-preview')
      .getByRole('heading', { level: 1, name: 'Energy overview' });
    await pasteInCode(page, huge);
    await page
      .getByText('The pasted text is 10.0 MB; a layout may be at most 2 MB. The editor keeps what it had.')
      .waitFor();
    await kept.waitFor();
    expect(await page.getByTestId('editor-issues').count()).toBe(0);
    await importFile(page, 'huge.json', huge);
    await page.getByText('huge.json is 10.0 MB; a layout may be at most 2 MB.').waitFor();
    await kept.waitFor();
    await close();
  }, 120_000);

  it('shows unknown fields and wrong types in an error card where they are, and renders the rest', async () => {
    // Both error cards stay on screen, and the console lists their problems.
    expectAlert(/^This widget could not be shown \/rows\/0\/columns\/0\//);
    expectAlert(/^This widget could not be shown \/rows\/0\/columns\/1\//);
    const { page, close } = await openPlayground();
    const document = {
      schemaVersion: 2,
      id: 'x',
      title: 'Mixed page',
      rows: [
        {
          key: 'r',
          columns: [
            {
              key: 'a',
              span: 6,
              cards: [
                { key: 'k', widgets: [{ key: 'w', name: 'stat', data: { label: 'Gas', value: true } }] },
              ],
            },
            {
              key: 'b',
              span: 6,
              cards: [
                {
                  key: 'k',
                  widgets: [{ key: 'w', name: 'text', data: { body: 'Still here', colour: 'red' } }],
                },
              ],
            },
            {
              key: 'c',
              span: 6,
              cards: [{ key: 'k', widgets: [{ key: 'w', name: 'text', data: { body: 'Fine' } }] }],
            },
          ],
        },
      ],
    };
    await importFile(page, 'mixed.json', JSON.stringify(document));
    await page.getByRole('tab', { name: 'Page' }).click();
    await expect
      .poll(() => page.getByTestId('page-fields').getByRole('textbox', { name: 'Title' }).inputValue())
      .toBe('Mixed page');
    const canvas = page.getByTestId('visual-canvas');
    await canvas.locator('[data-widget="text"]', { hasText: 'Fine' }).waitFor();
    const cards = canvas.getByTestId('error-card');
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(0).textContent()).toContain(
      '/rows/0/columns/0/cards/0/widgets/0/data/valuemust be a number or a string or null',
    );
    expect(await cards.nth(1).textContent()).toContain(
      '/rows/0/columns/1/cards/0/widgets/0/data/colouris not a known field here',
    );
    await close();
  });

  it('ships the validator compiled ahead of time, without ajv or any schema compiler', () => {
    const assets = join(app.outDir, 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.some((file) => file.startsWith('page-validator-'))).toBe(true);
    for (const file of scripts) {
      const code = readFileSync(join(assets, file), 'utf8');
      // Method names of ajv's compiler class, which survive minification as property names.
      expect(code, file).not.toMatch(/addMetaSchema|compileAsync|removeSchema/);
    }
  });
});
