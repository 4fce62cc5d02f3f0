import type { Option } from './fields';

/** The file's columns as choices of a column field. */
export function columnOptions(columns: string[]): Option[] {
  return columns.map((column) => ({ value: column, label: column }));
}

/** The first non-blank text of a column in the sample rows; undefined when there is none. */
export function columnSample(columns: string[], rows: string[][], column: string): string | undefined {
  const index = columns.indexOf(column);
  return index < 0 ? undefined : rows.find((row) => (row[index] ?? '').trim() !== '')?.[index];
}

/** "In this file: 2024-03-31 01:15:00" under a column's field, so the user sees what they chose. */
export function sampleHelper(columns: string[], rows: string[][], column: string): string | undefined {
  const sample = columnSample(columns, rows, column);
  return sample !== undefined ? `In this file: ${sample}` : undefined;
}
