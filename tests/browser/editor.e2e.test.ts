import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOrganisationId } from '../../server/demo/seed';
import { CALLER_TTL_MS } from '../../server/http/caller-cache';
import { createPage } from '../../server/pages/create-page';
import { demoAppForThisFile } from './demo-app';
import { expectApiFailure } from './page-watch';

// The layout editor on one of the organisation's stored pages, in Chromium: the visual grid, the palette, the
// generated forms, code mode with completion, one undo history across both, drafts, saving, conflicts,
// history, and what a viewer may not do.
const demoApp = demoAppForThisFile();

const card = (key: string, heading: string) => ({
  key,
  widgets: [{ key: 'text', name: 'text', data: { heading, body: `The ${heading.toLowerCase()} card.` } }],
});

/** Two columns of 4 side by side, to drag and resize. */
const START = {
  schemaVersion: 2,
  id: 'editor-test',
  title: 'Editor test',
  rows: [
    {
      key: 'top',
      columns: [
        { key: 'left', span: 4, cards: [card('first', 'First')] },
        { key: 'right', span: 4, cards: [card('second', 'Second')] },
      ],
    },
  ],
};

let pageId: number;

beforeAll(async () => {
  const { db } = demoApp.app.database;
  const organisationId = await demoOrganisationId(db);
  const author = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoApp.demo.email)
    .executeTakeFirstOrThrow();
  if (organisationId === undefined) throw new Error('no demo organisation');
  const created = await createPage(db, {
    organisationId,
    authorId: author.id,
    request: { title: 'Editor test', document: START },
  });
  pageId = created.page.id;
});

async function storedDocument(revision?: number) {
  let query = demoApp.app.database.db
    .selectFrom('page_revisions')
    .select(['revision', 'document'])
    .where('page_id', '=', pageId)
    .orderBy('revision', 'desc');
  if (revision !== undefined) query = query.where('revision', '=', revision);
  const row = await query.executeTakeFirstOrThrow();
  const document = typeof row.document === 'string' ? JSON.parse(row.document) : row.document;
  return { revision: row.revision, document: document as typeof START };
}

async function openEditor(page: Page): Promise<void> {
  await page.getByTestId('edit-page').click();
  await page.getByTestId('layout-editor').waitFor();
  await page.getByTestId('visual-canvas').locator('[data-editor-column]').first().waitFor();
}

/** The grid item of a column, by its key. */
function columnItem(page: Page, key: string): Locator {
  return page.getByTestId('editor-column').filter({ has: page.locator(`[data-editor-column="${key}"]`) });
}

/**
 * The handle's box once it has stopped moving: the grid lays its columns out
 * again after the canvas changes size (the panel hidden), a moment after the
 * canvas says its new scale, and a drag measured before that missed its mark.
 */
async function stillBox(handle: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const deadline = Date.now() + 10_000;
  let last = await handle.boundingBox();
  while (Date.now() < deadline) {
    await handle.page().waitForTimeout(50);
    const now = await handle.boundingBox();
    if (!now) throw new Error('nothing to drag');
    if (last && now.x === last.x && now.y === last.y && now.width === last.width) return now;
    last = now;
  }
  throw new Error('the column was still moving after 10 s');
}

async function dragBy(page: Page, handle: Locator, dx: number, dy = 0): Promise<void> {
  const box = await stillBox(handle);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x + (dx * step) / 10, y + (dy * step) / 10);
  await page.mouse.up();
}

describe('the layout editor in Chromium', () => {
  it('drags, adds from the palette, edits props and code with one history, keeps a draft, and saves', async () => {
    const { page, close } = await demoApp.signedInPage(`/dashboards/${pageId}`);
    await openEditor(page);

    // A card clicked with the mouse keeps the keyboard: the arrows move it to the next column and back.
    const cardIn = (column: string) =>
      page.locator(`[data-editor-column="${column}"] [data-editor-card="first"]`);
    await page.locator('[data-editor-column="left"] [data-card-select]').click();
    await page.keyboard.press('ArrowRight');
    await cardIn('right').waitFor();
    await page.keyboard.press('ArrowLeft');
    await cardIn('left').waitFor();

    // At 1280 px the desktop canvas is drawn smaller to fit beside the panel, which covers none of it.
    const canvas = page.getByTestId('visual-canvas');
    expect(Number(await canvas.getAttribute('data-scale'))).toBeLessThan(1);
    const canvasBox = await canvas.boundingBox();
    const panelBox = await page.getByTestId('editor-side-panel').boundingBox();
    if (!canvasBox || !panelBox) throw new Error('the canvas or the panel is not drawn');
    expect(canvasBox.x + canvasBox.width).toBeLessThanOrEqual(panelBox.x);

    // Resize the right column from 4 to 8 by its right edge on that smaller canvas, then, the side panel put
    // away so the page is drawn at its own size, drag the column before its neighbour.
    const right = columnItem(page, 'right');
    const scaledUnit = (await stillBox(right)).width / 4;
    await dragBy(page, right.locator('.react-resizable-handle-e'), scaledUnit * 4);
    await right.getByText('8 of 12').waitFor();
    await page.getByRole('button', { name: 'Hide the panel' }).click();
    await expect.poll(() => canvas.getAttribute('data-scale')).toBe('1');
    const unit = (await stillBox(right)).width / 8;
    await dragBy(page, right.locator('.editor-column-handle'), -unit * 6);
    await expect
      .poll(() =>
        page
          .locator('[data-editor-column]')
          .evaluateAll((columns) => columns.map((c) => c.getAttribute('data-editor-column'))),
      )
      .toEqual(['right', 'left']);

    // Add a widget from the palette: it lands after the selected column's cards and is selected.
    await page.getByRole('button', { name: 'Show the panel' }).click();
    await page.getByRole('tab', { name: 'Widgets' }).click();
    await page.getByRole('button', { name: 'Add Stat', exact: true }).click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByRole('heading', { name: 'Stat', exact: true }).waitFor();

    // Change a prop in the generated form: the card on the canvas follows.
    await inspector.getByRole('textbox', { name: /^Label/ }).fill('Gas today');
    await page.getByTestId('visual-canvas').getByText('Gas today').waitFor();

    // In code mode, type inside the stat's props and accept a completion.
    await page.getByRole('radio', { name: 'Code' }).click();
    const code = page.locator('.cm-content');
    await code.waitFor();
    await page.locator('.cm-line', { hasText: '"label": "Gas today"' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type('\n"help');
    const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'helpText' }).first();
    // Accepted, the key is in the text before anything more is typed. CodeMirror ignores a click within its
    // interactionDelay of the list opening, or of its being drawn again, as a busy machine may do: the option is
    // clicked until the key is taken, as a person clicks again.
    await expect
      .poll(
        async () => {
          const text = (await code.textContent()) ?? '';
          if (!text.includes('"helpText"')) await option.click({ timeout: 1_000 }).catch(() => undefined);
          return code.textContent();
        },
        { timeout: 15_000 },
      )
      .toMatch(/"helpText"/);
    await page.locator('.cm-tooltip-autocomplete').waitFor({ state: 'detached' });
    await page.keyboard.press('End');
    await page.keyboard.type(': "Measured at the gas meter",');
    // Once the text is JSON again, the preview beside it shows the new prop.
    await page.getByTestId('editor-preview').getByText('Measured at the gas meter').waitFor();
    await expect.poll(() => code.textContent()).toMatch(/"helpText": "Measured at the gas meter",/);

    // Undo three times across both modes (the typing, the prop, the new widget), then redo once.
    await page.keyboard.press('Control+z');
    await expect.poll(() => code.textContent()).not.toMatch(/"helpText":/);
    await page.getByRole('radio', { name: 'Visual' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => page.getByTestId('visual-canvas').locator('[data-widget="stat"]').count())
      .toBe(0);
    await page.getByRole('button', { name: 'Redo' }).click();
    await page.getByTestId('visual-canvas').locator('[data-widget="stat"]').waitFor();
    expect(await page.getByTestId('visual-canvas').getByText('Gas today').count()).toBe(0);
    await page.getByTestId('save-state').getByText('Unsaved changes, kept on this device').waitFor();

    // A reload keeps the draft and says so.
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByTestId('draft-notice').waitFor();
    await page.getByTestId('visual-canvas').locator('[data-widget="stat"]').waitFor();

    // Save with a message: a new revision, as the editor shows it.
    await page.getByTestId('save-button').click();
    await page.getByLabel('What changed?').fill('Gas figure first');
    await page.getByTestId('save-dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('save-state').getByText('All changes saved').waitFor();
    const saved = await storedDocument();
    expect(saved.revision).toBe(2);
    const columns = saved.document.rows[0]?.columns ?? [];
    expect(columns.map((column) => [column.key, column.span])).toEqual([
      ['right', 8],
      ['left', 4],
    ]);
    expect(JSON.stringify(saved.document)).toContain('"name":"stat"');

    // Reloaded, the page shows what was saved, without a draft.
    await page.goto(`${demoApp.app.baseUrl}/dashboards/${pageId}`);
    await page.locator('[data-widget="stat"]').waitFor();
    await openEditor(page);
    expect(await page.getByTestId('draft-notice').count()).toBe(0);

    // On a phone the canvas has the width, and the panel is a drawer that choosing a card opens.
    await page.setViewportSize({ width: 390, height: 844 });
    // The panel was open beside the canvas, so it stays open, as a drawer, once the narrow layout is in (a
    // render after the resize: asking at once whether it shows could miss it and leave it over the canvas).
    const drawer = page.getByRole('dialog', { name: 'Editor panel' });
    await drawer.getByRole('button', { name: 'Hide the panel' }).click();
    await drawer.waitFor({ state: 'detached' });
    // The desktop canvas, at half size, scrolls in its own frame; the page itself never scrolls sideways
    // once it has laid itself out for the phone (the half-size canvas lays out a frame after the resize).
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, undefined, {
      timeout: 5_000,
    });
    await page.locator('[data-card-select]').first().click();
    await drawer.getByRole('heading', { name: 'Text', exact: true }).waitFor();
    await close();
  }, 180_000);

  it("saves two people's changes to different cards together without asking, and shows a clash on one card with whose change is whose", async () => {
    const { page: first, close } = await demoApp.signedInPage(`/dashboards/${pageId}/edit`);
    const second = await first.context().newPage();
    await second.goto(`${demoApp.app.baseUrl}/dashboards/${pageId}/edit`);
    const before = (await storedDocument()).revision;
    for (const tab of [first, second]) await tab.locator('[data-card-select]').first().waitFor();

    await retitleCard(first, 'first', 'From the first tab');
    await saveWithMessage(first, 'First tab');
    expect((await storedDocument()).revision).toBe(before + 1);

    // The second tab started from the revision before, and changed another card: the server refuses the stale
    // save, and the editor merges both and saves them together, asking nothing.
    expectApiFailure('dashboardUpdate', 409);
    await retitleCard(second, 'last', 'From the second tab');
    await saveWithMessage(second, 'Second tab');
    const merged = await storedDocument();
    expect(merged.revision).toBe(before + 2);
    expect(JSON.stringify(merged.document)).toContain('From the first tab');
    expect(JSON.stringify(merged.document)).toContain('From the second tab');
    await second.getByTestId('visual-canvas').getByText('From the first tab').waitFor();
    expect(await second.getByRole('region', { name: CONFLICT }).count()).toBe(0);

    // The first tab, a revision behind, changes the card the second tab changed: that is for a person to settle.
    await retitleCard(first, 'last', 'Also from the first tab');
    await saveWithMessage(first, 'First tab again', { expectSaved: false });
    const conflict = first.getByRole('region', { name: CONFLICT });
    await conflict.waitFor();
    const clash = conflict.getByTestId('merge-clashes').getByRole('listitem');
    expect(await clash.count()).toBe(1);
    await clash.getByText('Your change').waitFor();
    await clash.getByText('"Also from the first tab"').waitFor();
    await clash.getByText(new RegExp(`’s change \\(revision ${before + 2}\\)$`)).waitFor();
    await clash.getByText('"From the second tab"').waitFor();
    expect((await storedDocument()).revision).toBe(before + 2);

    await conflict.getByRole('button', { name: 'Keep my version' }).click();
    await first.getByTestId('save-state').getByText('All changes saved').waitFor();
    const kept = await storedDocument();
    expect(kept.revision).toBe(before + 3);
    expect(JSON.stringify(kept.document)).toContain('Also from the first tab');
    await close();
  }, 120_000);

  it('restores an older revision as a new one', async () => {
    const { page, close } = await demoApp.signedInPage(`/dashboards/${pageId}/edit`);
    const latest = await storedDocument();
    await page.getByRole('tab', { name: 'History' }).click();
    const first = page.getByRole('group', { name: 'Revision 1', exact: true });
    // Opened to read, revision 1 takes the canvas's place, and the editing comes back as it was.
    await first.getByRole('button', { name: 'Open' }).click();
    await page
      .getByTestId('revision-reader')
      .getByText('Revision 1, to read. Your edits are kept.')
      .waitFor();
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await page.getByTestId('visual-canvas').waitFor();
    await first.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('button', { name: 'Restore revision 1' }).click();
    await expect.poll(async () => (await storedDocument()).revision).toBe(latest.revision + 1);
    const restored = await storedDocument();
    expect(restored.document.rows).toEqual((await storedDocument(1)).document.rows);
    // The editor carries on from the restored revision.
    await page.getByTestId('visual-canvas').getByText('The first card.').waitFor();
    // Both revisions have that card: the stat the later ones added goes once the restored document is drawn.
    await expect
      .poll(() => page.getByTestId('visual-canvas').locator('[data-widget="stat"]').count())
      .toBe(0);
    await close();
  }, 120_000);

  it('gives a viewer no Edit button, and refuses a save forged with her token', async () => {
    const { db } = demoApp.app.database;
    await db.updateTable('users').set({ role: 'viewer' }).where('email', '=', demoApp.demo.email).execute();
    // Changed in the database rather than through the API, the role reaches the server's callers once the
    // session's cached caller expires: the tests before made requests with it a moment ago.
    await new Promise((resolve) => setTimeout(resolve, CALLER_TTL_MS + 200));
    try {
      const context = await demoApp.app.browser.newContext({
        storageState: await demoApp.session(demoApp.demo.email, demoApp.demo.password),
      });
      const page = await context.newPage();
      await page.goto(`${demoApp.app.baseUrl}/dashboards/${pageId}`);
      await page.getByText('The first card.').waitFor();
      expect(await page.getByTestId('edit-page').count()).toBe(0);
      // The editor's address itself says what her role allows.
      await page.goto(`${demoApp.app.baseUrl}/dashboards/${pageId}/edit`);
      await page.getByText(/^Your role lets you view this page but not edit it/).waitFor();

      const { revision, document } = await storedDocument();
      const forged = await fetch(`${demoApp.app.baseUrl}/api/dashboard/${pageId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${await idTokenOf(page)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ document: { ...document, title: 'Forged' }, baseRevision: revision }),
      });
      expect(forged.status).toBe(403);
      expect((await storedDocument()).revision).toBe(revision);
      await context.close();
    } finally {
      await db.updateTable('users').set({ role: 'owner' }).where('email', '=', demoApp.demo.email).execute();
    }
  }, 120_000);
});

const CONFLICT = 'Someone saved this page while you were editing';

async function retitleCard(page: Page, which: 'first' | 'last', title: string): Promise<void> {
  await page.locator('[data-card-select]')[which]().click();
  await page.getByTestId('inspector').getByRole('textbox', { name: 'Card title' }).fill(title);
  await page.getByTestId('visual-canvas').getByText(title).waitFor();
}

async function saveWithMessage(page: Page, message: string, { expectSaved = true } = {}): Promise<void> {
  await page.getByTestId('save-button').click();
  await page.getByLabel('What changed?').fill(message);
  await page.getByTestId('save-dialog').getByRole('button', { name: 'Save', exact: true }).click();
  if (expectSaved) await page.getByTestId('save-state').getByText('All changes saved').waitFor();
}

/** The signed-in person's ID token, as Amplify keeps it in the browser. */
async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1],
  );
  if (!token) throw new Error('no ID token in the browser');
  return token;
}
