import type { Browser, Locator, Page } from 'playwright-core';
import { DRAGGED_COLUMN, DRAGGED_ROW } from './bench-document.ts';
import { BOX_HANDLE } from './box-handle.ts';
import { type FrameWork, traceFrames } from './frame-trace.ts';
import { profileOnce } from './profile.ts';

/** Mouse moves per drag: the browser takes one every frame or two, so a drag across a row lasts a second or two. */
const STEPS = 60;
/**
 * Rounds of a drag across and one back (the dragged column ends where it
 * started, and every drag moves it past three others), the editor and the
 * boxes taking turns, so a slow spell of this shared machine falls on both.
 */
const ROUNDS = 3;
/** Where the strip is grabbed, from its right end: clear of the column's select button on its left. */
const GRAB_INSET = 10;

export interface DragFigures {
  editor: FrameWork;
  /** The same drags on react-grid-layout alone (boxes-entry.tsx). */
  boxes: FrameWork;
}

/**
 * The drag case in the editor and in the boxes page, sized as the editor's
 * grid is. Each page gets one unmeasured round first (code compiled, the
 * styles of a drag computed once), then ROUNDS traced ones, in turn.
 */
export async function measureDrags(
  browser: Browser,
  editor: Page,
  boxes: Page,
  boxesUrl: string,
): Promise<DragFigures> {
  const editorRow = editor.locator(`[data-editor-row="${DRAGGED_ROW}"] [data-testid="editor-column"]`);
  const editorHandle = editor.locator(`[data-editor-column="${DRAGGED_COLUMN}"] .editor-column-handle`);
  const first = await boxOf(editorRow.first());
  const last = await boxOf(editorRow.last());
  const size = new URLSearchParams({
    width: String(Math.round(last.x + last.width - first.x)),
    rowHeight: String(Math.round(first.height)),
  });
  await boxes.goto(`${boxesUrl}?${size}`);
  const boxesRow = boxes.locator(`[data-box-row="${DRAGGED_ROW}"] [data-box]`);
  const boxesHandle = boxes.locator(`[data-box="${DRAGGED_COLUMN}"] .${BOX_HANDLE}`);
  await boxesHandle.waitFor();
  const editorDrag: DraggedRow = {
    page: editor,
    handle: editorHandle,
    items: editorRow,
    name: 'drag-editor',
  };
  const boxesDrag: DraggedRow = { page: boxes, handle: boxesHandle, items: boxesRow, name: 'drag-boxes' };
  await dragAcross(editorDrag);
  await dragAcross(boxesDrag);
  const editorRounds: FrameWork[] = [];
  const boxesRounds: FrameWork[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    editorRounds.push(await dragFrames(browser, editorDrag));
    boxesRounds.push(await dragFrames(browser, boxesDrag));
  }
  const figures = { editor: joined(editorRounds), boxes: joined(boxesRounds) };
  await profileOnce(editor, 'drag', () => dragAcross(editorDrag));
  return figures;
}

/** A row of a page to drag in: its first item's drag strip, its items in order, and a name for its trace. */
interface DraggedRow {
  page: Page;
  handle: Locator;
  items: Locator;
  name: string;
}

/** One round traced: the main thread's work per frame during its drags (see traceFrames). */
function dragFrames(browser: Browser, row: DraggedRow): Promise<FrameWork> {
  return traceFrames(browser, row.page, { from: 'mousedown', to: 'mouseup', name: row.name }, () =>
    dragAcross(row),
  );
}

/**
 * Drags the row's first item by its strip (`handle`) to the last item's place
 * and back, with the mouse in STEPS moves each way.
 */
async function dragAcross({ page, handle, items }: DraggedRow): Promise<void> {
  const distance = (await boxOf(items.last())).x - (await boxOf(items.first())).x;
  if (!(distance > 0)) throw new Error('the row has nowhere to drag its first column to');
  await dragBy(page, handle, distance);
  await dragBy(page, handle, -distance);
}

function joined(parts: FrameWork[]): FrameWork {
  return {
    busyMs: parts.flatMap((part) => part.busyMs),
    spanMs: parts.flatMap((part) => part.spanMs),
    firstMs: parts.flatMap((part) => part.firstMs),
    lastMs: parts.flatMap((part) => part.lastMs),
  };
}

async function dragBy(page: Page, handle: Locator, dx: number): Promise<void> {
  const before = await boxOf(handle);
  const x = before.x + before.width - GRAB_INSET;
  const y = before.y + before.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= STEPS; step++) await page.mouse.move(x + (dx * step) / STEPS, y);
  await page.mouse.up();
  // The drop is written back and drawn before the next drag starts.
  await page.waitForTimeout(500);
  const after = await boxOf(handle);
  if (Math.sign(after.x - before.x) !== Math.sign(dx) || Math.abs(after.x - before.x) < Math.abs(dx) / 2) {
    throw new Error(`the drag did not move the column: x ${before.x} → ${after.x}, asked ${dx}`);
  }
}

async function boxOf(element: Locator) {
  const box = await element.boundingBox();
  if (!box) throw new Error('a grid item or its drag strip is not on the page');
  return box;
}
