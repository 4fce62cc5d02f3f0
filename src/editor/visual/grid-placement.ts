import type { Span, Width } from '../../generated/page-types';
import type { Patch, PatchOperation } from '../document/apply-patch';
import { isRecord } from '../document/json-pointer';

/** The page's breakpoints, narrowest first (see responsiveSpan in schemas/layout.schema.json). */
export const BREAKPOINTS = ['base', 'sm', 'md', 'lg', 'xl'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** The widths a column may take, out of 12. */
export const WIDTHS: readonly Width[] = [3, 4, 6, 8, 9, 12];

/** The width the schema allows nearest to a dragged one; halfway between two, the wider. */
export function snapWidth(width: number): Width {
  let best: Width = 12;
  for (const allowed of WIDTHS) {
    if (Math.abs(allowed - width) <= Math.abs(best - width)) best = allowed;
  }
  return best;
}

/** A column's width at a breakpoint: a plain width counts from md up (full width below); a breakpoint without a value takes the next smaller one's. */
export function widthAt(span: unknown, breakpoint: Breakpoint): number {
  if (typeof span === 'number')
    return BREAKPOINTS.indexOf(breakpoint) >= BREAKPOINTS.indexOf('md') ? span : 12;
  if (!isRecord(span)) return 12;
  for (let index = BREAKPOINTS.indexOf(breakpoint); index >= 0; index--) {
    const width = span[BREAKPOINTS[index] as Breakpoint];
    if (typeof width === 'number') return width;
  }
  return 12;
}

/**
 * The span with one breakpoint's width changed. Wider breakpoints that had no width of their own follow it, as
 * they did before; the result is the shortest form that says the same (a plain width while only md differs).
 */
export function withWidthAt(span: unknown, breakpoint: Breakpoint, width: Width): Span {
  const explicit: Partial<Record<Breakpoint, number>> =
    typeof span === 'number' ? { md: span } : isRecord(span) ? pickWidths(span) : {};
  explicit[breakpoint] = width;
  const needed: Partial<Record<Breakpoint, number>> = {};
  let inherited = 12;
  for (const point of BREAKPOINTS) {
    const value = explicit[point];
    if (value === undefined) continue;
    if (value !== inherited) needed[point] = value;
    inherited = value;
  }
  const points = Object.keys(needed);
  if (points.length === 0) return 12;
  if (points.length === 1 && needed.md !== undefined) return needed.md as Width;
  return needed as Span;
}

function pickWidths(span: Record<string, unknown>): Partial<Record<Breakpoint, number>> {
  return Object.fromEntries(
    BREAKPOINTS.flatMap((point) => (typeof span[point] === 'number' ? [[point, span[point]]] : [])),
  );
}

/**
 * The span after a column is resized on the canvas at a breakpoint. A plain width is one width from md up, and
 * stays one when resized at md, lg or xl: people arranging a desktop page expect the column to change, not to
 * gain a width for one screen size (the inspector sets a width per breakpoint for that).
 */
export function resizedSpan(span: unknown, breakpoint: Breakpoint, width: Width): Span {
  const fromMdUp = BREAKPOINTS.indexOf(breakpoint) >= BREAKPOINTS.indexOf('md');
  return typeof span === 'number' && fromMdUp ? width : withWidthAt(span, breakpoint, width);
}

/** A column as react-grid-layout places it: `i` is its key, one grid line per line of the row. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The columns of a row laid out at a breakpoint, wrapping to a new line where 12 columns are full, as the page does. */
export function gridItems(columns: readonly unknown[], breakpoint: Breakpoint): GridItem[] {
  let x = 0;
  let y = 0;
  return columns.map((column, index) => {
    const w = widthAt(isRecord(column) ? column.span : undefined, breakpoint);
    if (x + w > 12) {
      x = 0;
      y += 1;
    }
    const item = { i: keyOf(column, index), x, y, w, h: 1 };
    x += w;
    return item;
  });
}

function keyOf(column: unknown, index: number): string {
  return isRecord(column) && typeof column.key === 'string' ? column.key : `#${index}`;
}

/**
 * The patch that makes a row what a drag or resize in the grid left it: columns in the order they now stand
 * (line by line, left to right) and each one's width at the breakpoint snapped to a width the schema allows.
 */
export function patchFromGrid(
  rowPointer: string,
  columns: readonly unknown[],
  placed: readonly GridItem[],
  breakpoint: Breakpoint,
): Patch {
  const keys = columns.map(keyOf);
  const order = [...placed].sort((a, b) => a.y - b.y || a.x - b.x).map((item) => item.i);
  const patch: PatchOperation[] = [];
  const current = [...keys];
  order.forEach((key, target) => {
    const from = current.indexOf(key);
    if (from < 0 || from === target) return;
    patch.push({
      op: 'move',
      from: `${rowPointer}/columns/${from}`,
      path: `${rowPointer}/columns/${target}`,
    });
    current.splice(target, 0, ...current.splice(from, 1));
  });
  for (const item of placed) {
    const index = current.indexOf(item.i);
    const column = columns[keys.indexOf(item.i)];
    if (index < 0 || !isRecord(column)) continue;
    const width = snapWidth(item.w);
    if (width === widthAt(column.span, breakpoint)) continue;
    patch.push({
      op: 'replace',
      path: `${rowPointer}/columns/${index}/span`,
      value: resizedSpan(column.span, breakpoint, width),
    });
  }
  return patch;
}
