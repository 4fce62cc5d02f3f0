import type { Page } from 'playwright-core';
import { CARDS } from './bench-document.ts';
import { profileOnce } from './profile.ts';
import { paintedMs, timeInPage } from './timed-in-page.ts';

/** Between keystrokes: the tail of one (the draft written after a pause in typing, the cursor moved) does not fall into the next. */
const PAUSE_MS = 300;
/** A diagnostic on the text: a marked range, or a point where the range is empty. */
const DIAGNOSTIC = '.cm-lintRange-error, .cm-lintPoint-error';

/**
 * The keystrokes timed in code mode, each typed with the cursor in a string
 * of the first widget and undone with Backspace before the next:
 * - unknownWidget: a letter in the widget's name (`"statx"`): still JSON, so
 *   the text is parsed, patched into the document and validated, and no
 *   widget has that name;
 * - syntaxError: a quote typed inside the label ends its string early
 *   (`"Electricity this mont"h"`): the text is no longer JSON, the document
 *   stays as it was;
 * - plainKeystroke: a letter in the label, which leaves the page valid: the
 *   cost of any keystroke, with no diagnostic to show (timed to the frame
 *   that shows the letter).
 */
export type Keystroke = 'unknownWidget' | 'syntaxError' | 'plainKeystroke';

/** Code mode, once the preview beside it has drawn every card. */
export async function openCodeMode(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Code' }).click();
  await page.locator('.cm-content').waitFor();
  await page.waitForFunction(
    (cards) =>
      document.querySelectorAll('[data-testid="editor-preview"] [data-widget]').length >= cards &&
      document.querySelector('[data-testid="widget-loading"]') === null,
    CARDS,
  );
  if ((await page.locator(DIAGNOSTIC).count()) > 0)
    throw new Error('code mode shows a diagnostic before typing');
}

/** ms from the keystroke's keydown to the end of the frame that shows its result; then it is undone. */
export async function keystrokeOnce(page: Page, keystroke: Keystroke): Promise<number> {
  const { typed, shows } = await placeCursor(page, keystroke);
  // The cursor's keys handled and drawn first: their work is not the keystroke's.
  await page.waitForTimeout(PAUSE_MS);
  const shown = await timeInPage(
    page,
    { ...shows, present: true, startEvent: 'keydown', startKey: typed },
    () => page.keyboard.type(typed),
  );
  await page.waitForTimeout(PAUSE_MS);
  await timeInPage(page, { ...shows, present: false }, () => page.keyboard.press('Backspace'));
  await page.waitForTimeout(PAUSE_MS);
  return paintedMs(shown);
}

/** Puts the cursor where the keystroke goes; returns what to type and what shows that it has been handled. */
async function placeCursor(page: Page, keystroke: Keystroke) {
  const line = page.locator('.cm-line', {
    hasText: keystroke === 'unknownWidget' ? '"name": "stat",' : '"label": "',
  });
  await line.first().click();
  await page.keyboard.press('End');
  // Before the closing `",` of the value, or inside its last word.
  const back = keystroke === 'syntaxError' ? 3 : 2;
  for (let step = 0; step < back; step++) await page.keyboard.press('ArrowLeft');
  if (keystroke !== 'plainKeystroke') {
    return {
      typed: keystroke === 'unknownWidget' ? 'x' : '"',
      shows: { root: '.cm-editor', selector: DIAGNOSTIC },
    };
  }
  const text = (await line.first().textContent()) ?? '';
  const value = /"label": "(.*)",?$/.exec(text.trim())?.[1];
  if (value === undefined) throw new Error(`no label on the line "${text}"`);
  return { typed: 'q', shows: { root: '.cm-content', text: `"label": "${value}q"` } };
}

const KEYSTROKES: readonly Keystroke[] = ['unknownWidget', 'syntaxError', 'plainKeystroke'];
/** Unmeasured rounds first: the code paths of every keystroke compiled and warm. */
const WARMUP = 2;

/** RUNS of each keystroke, taking turns, so a slow spell of this shared machine falls on all three. */
export async function measureKeystrokes(page: Page, runs: number): Promise<Record<Keystroke, number[]>> {
  await openCodeMode(page);
  const figures: Record<Keystroke, number[]> = { unknownWidget: [], syntaxError: [], plainKeystroke: [] };
  for (let run = 0; run < WARMUP + runs; run++) {
    for (const keystroke of KEYSTROKES) {
      const ms = await keystrokeOnce(page, keystroke);
      if (run >= WARMUP) figures[keystroke].push(ms);
    }
  }
  await profileOnce(page, 'code-keystroke', () => keystrokeOnce(page, 'unknownWidget'));
  return figures;
}
