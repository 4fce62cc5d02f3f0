import type { Page } from 'playwright-core';
import { EDITED_CARD, EDITED_LABEL } from './bench-document.ts';
import { profileOnce } from './profile.ts';
import { paintedMs, timeInPage } from './timed-in-page.ts';
import type { PaintedWatch } from './when-painted.ts';

/** Unmeasured rounds first, and unmeasured loads of the plain page: code compiled, caches warm. */
const WARMUP = 3;
const MOUNT_LOADS = 3;

export interface PropEditFigures {
  /** Keystroke in the Label field → the canvas's frame showing it, per run. */
  editorMs: number[];
  /** The same label change rendered by the plain page → its painted frame, per run. */
  plainMs: number[];
  /** The plain page's first render of the whole page, per load. */
  plainMountMs: number[];
}

/**
 * The editor and the plain page take turns, the same label change each, so a
 * slow spell of this shared machine falls on both. The plain page is loaded
 * MOUNT_LOADS times first (after one unmeasured load) for its mount figure.
 */
export async function measurePropEdits(
  editor: Page,
  plain: Page,
  plainUrl: string,
  runs: number,
): Promise<PropEditFigures> {
  const figures: PropEditFigures = { editorMs: [], plainMs: [], plainMountMs: [] };
  for (let load = 0; load <= MOUNT_LOADS; load++) {
    await plain.goto(plainUrl);
    const ms = await plainMounted(plain);
    if (load > 0) figures.plainMountMs.push(ms);
  }
  const base = await focusLabelField(editor);
  if (base !== EDITED_LABEL)
    throw new Error(`the editor's label is "${base}", the plain page's "${EDITED_LABEL}"`);
  for (let run = 0; run < WARMUP + runs; run++) {
    const change = labelChange(base, run);
    const edited = await editLabelOnce(editor, change);
    const relabelled = await relabelPlainOnce(plain, change);
    if (run < WARMUP) continue;
    figures.editorMs.push(edited);
    figures.plainMs.push(relabelled);
  }
  // Back to the label both started from (an odd count of changes left the letter typed).
  if ((WARMUP + runs) % 2 === 1) {
    await editLabelOnce(editor, labelChange(base, 1));
    await relabelPlainOnce(plain, labelChange(base, 1));
  }
  await profileOnce(editor, 'prop-edit', async () => {
    await editLabelOnce(editor, labelChange(base, 0));
    await editLabelOnce(editor, labelChange(base, 1));
  });
  return figures;
}

/** One change of the label: a letter typed at its end, then taken back, in turn, so it never outgrows its field. */
interface LabelChange {
  key: string;
  label: string;
  /** What shows that the card has drawn it: the longer label, there after typing, gone after Backspace. */
  watch: PaintedWatch;
}

function labelChange(base: string, run: number): LabelChange {
  const longer = `${base}${TYPED}`;
  const root = `[data-card="${EDITED_CARD}"]`;
  return run % 2 === 0
    ? { key: TYPED, label: longer, watch: { root, text: longer, present: true } }
    : { key: 'Backspace', label: base, watch: { root, text: longer, present: false } };
}

/** Typed onto the label and taken back. */
const TYPED = 'x';
/** Between keystrokes: the tail of one (a draft written to storage) does not fall into the next one's figure. */
const PAUSE_MS = 250;

/** The edited stat's Label field in the inspector, its widget selected on the canvas and the cursor at its end. */
export async function focusLabelField(page: Page): Promise<string> {
  await page.locator(`[data-editor-card="${EDITED_CARD}"] [data-card-select]`).click();
  const field = page.getByTestId('inspector').getByRole('textbox', { name: /^Label/ });
  await field.click();
  await page.keyboard.press('End');
  return field.inputValue();
}

/**
 * One keystroke in the Label field: ms from its input event to the end of the
 * frame that shows the changed label on the canvas (patch, history,
 * validation, render, paint).
 */
async function editLabelOnce(page: Page, change: LabelChange): Promise<number> {
  const painted = await timeInPage(page, { ...change.watch, startEvent: 'input' }, () =>
    page.keyboard.press(change.key),
  );
  await page.waitForTimeout(PAUSE_MS);
  return paintedMs(painted);
}

/** The reference: the plain page renders the same label change (see plain-entry.tsx). */
async function relabelPlainOnce(page: Page, change: LabelChange): Promise<number> {
  const ms = await page.evaluate(({ label, watch }) => {
    if (!window.__plainBench) throw new Error('the plain page has not started');
    return window.__plainBench.relabel(label, watch);
  }, change);
  await page.waitForTimeout(PAUSE_MS);
  return ms;
}

/** Every widget of the plain page drawn; ms from createRoot to that frame. */
export async function plainMounted(page: Page): Promise<number> {
  await page.waitForFunction(() => window.__plainBench !== undefined);
  return page.evaluate(() => window.__plainBench?.mounted as Promise<number>);
}
