import { expect } from 'storybook/test';
import type { WidgetData, WidgetName } from '../../src/engine/widget-types';
import { catalogueEntry } from '../catalogue';

/**
 * What the gallery's stories check a widget shows once loaded
 * (widgets/<name>/loaded.test-helper.ts): the text, rows and drawn marks its
 * example and the API's fixtures promise, read from them rather than repeated.
 */

/** The props of a widget's example, as its schema gives them. */
export function exampleData<N extends WidgetName>(name: N, example: number): WidgetData<N> {
  const data = catalogueEntry(name)?.examples[example];
  if (!data) throw new Error(`${name} has no example ${example}`);
  return data as unknown as WidgetData<N>;
}

/** The slot shows each of these texts. */
export function expectTexts(slot: HTMLElement, texts: readonly (string | number)[]): void {
  const shown = slot.textContent ?? '';
  for (const text of texts) expect(shown, `the widget shows "${text}"`).toContain(String(text));
}

/** A chart drawn in SVG with at least this many marks (bars, arcs, line paths, points). */
export function expectDrawnChart(slot: HTMLElement, marks: string, atLeast: number): void {
  const svg = slot.querySelector('svg');
  expect(svg, `the chart is drawn (the widget shows: ${slot.textContent})`).not.toBeNull();
  const drawn = [...(svg?.querySelectorAll(marks) ?? [])].filter(isDrawn);
  expect(drawn.length, `${marks} drawn in the chart`).toBeGreaterThanOrEqual(atLeast);
}

/** Table body rows shown, header row left out. */
export function bodyRows(slot: HTMLElement): HTMLTableRowElement[] {
  return [...slot.querySelectorAll<HTMLTableRowElement>('tbody tr')];
}

/** A mark with a shape: a path with a drawing, a rect or circle with a size. */
function isDrawn(mark: Element): boolean {
  if (mark.tagName === 'path') return (mark.getAttribute('d') ?? '').length > 8;
  const box = (mark as SVGGraphicsElement).getBBox?.();
  return box ? box.width > 0 || box.height > 0 : true;
}

/**
 * A sign-in style form: its heading, a field for each label (found by the
 * label a person reads, so a field that lost its label fails) and its submit button.
 */
export function expectForm(
  slot: HTMLElement,
  form: { heading: string; fields: readonly string[]; submit: string },
): void {
  expectTexts(slot, [form.heading]);
  const labels = [...slot.querySelectorAll('label')].map((label) =>
    label.textContent?.replace('*', '').trim(),
  );
  for (const field of form.fields) {
    expect(labels, `a field labelled "${field}"`).toContain(field);
  }
  const buttons = [...slot.querySelectorAll('button[type="submit"]')].map((button) => button.textContent);
  expect(buttons).toContain(form.submit);
}

/** The figure a figure card shows (Chakra's Stat value), without its label or notes. */
export function figureText(slot: HTMLElement): string {
  return slot.querySelector('.chakra-stat__valueText')?.textContent ?? '';
}
