import { expect } from 'storybook/test';
import { bodyRows, exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** The column titles, and a page of rows; with no rows, the table's empty text. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { columns, rows, pageSize, emptyText } = exampleData('table', example);
  if (rows.length === 0) {
    expectTexts(slot, [emptyText ?? '']);
    return;
  }
  expectTexts(
    slot,
    columns.map((column) => column.title),
  );
  expect(bodyRows(slot)).toHaveLength(Math.min(rows.length, pageSize ?? rows.length));
}
