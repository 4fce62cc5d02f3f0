import type { TFunction } from 'i18next';
import type { Option } from './fields';

/**
 * A column as the user reads it: a file without a header row has columns named
 * "Column 1", "Column 2", ... (the names the server and templates know them by),
 * shown in the app's language; a header's own text is shown as it is.
 * `t` reads the meter-import strings.
 */
export function columnLabel(column: string, index: number, t: TFunction): string {
  return column === `Column ${index + 1}` ? t('sample.numberedColumn', { number: index + 1 }) : column;
}

/** The file's columns as choices of a column field. */
export function columnOptions(columns: string[], t: TFunction): Option[] {
  return columns.map((column, index) => ({ value: column, label: columnLabel(column, index, t) }));
}

/** The first non-blank text of a column in the sample rows; undefined when there is none. */
export function columnSample(columns: string[], rows: string[][], column: string): string | undefined {
  const index = columns.indexOf(column);
  return index < 0 ? undefined : rows.find((row) => (row[index] ?? '').trim() !== '')?.[index];
}

/** "In this file: 2024-03-31 01:15:00" under a column's field, so the user sees what they chose. */
export function sampleHelper(
  columns: string[],
  rows: string[][],
  column: string,
  t: TFunction,
): string | undefined {
  const sample = columnSample(columns, rows, column);
  return sample !== undefined ? t('sample.inThisFile', { sample }) : undefined;
}
