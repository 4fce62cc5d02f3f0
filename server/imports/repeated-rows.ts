import type { GetDataImportResponse } from '../../src/generated/api-types';
import { repeatedInstants } from '../readings/repeated-instants';
import type { ImportPlan } from './import-plan';

/** Enough examples to find the rows in the file. */
const LISTED_REPEATS = 10;

export type RepeatedRows = NonNullable<GetDataImportResponse['repeatedInstants']>;

/** Whether a row of the plan may repeat an instant: only where a data point's times are out of order. */
export function mayRepeat(plan: Pick<ImportPlan, 'byPoint'>): boolean {
  for (const series of plan.byPoint.values()) if (series.order === 'mixed') return true;
  return false;
}

/**
 * Rows that repeat an instant given in an earlier row for the same data point,
 * in a plan that holds every row (one read without chunks). The import stores
 * the last of them (writeReadings); a dry run and the import's summary say so
 * instead of storing fewer readings than rows without a word. A data point
 * whose times are in order, either way, is not looked through.
 */
export function repeatedRows(plan: Pick<ImportPlan, 'byPoint'>): RepeatedRows | undefined {
  const unordered = [...plan.byPoint.values()].filter((series) => series.order === 'mixed');
  const found = repeatedInstants(
    unordered.map((series) => ({ ts: series.ts, positions: series.rows })),
    LISTED_REPEATS,
  );
  if (!found) return undefined;
  const { count, first } = found;
  return {
    count,
    kept: 'last',
    first: first.map(({ position, sameInstantAs }) => ({ row: position, sameInstantAs })),
    message: `${rowsRepeat(count)} given earlier in this file for the same data point; the last value in the file for each instant will be kept.`,
  };
}

/**
 * The import summary's sentence: how many, the first rows, and which value
 * was kept ("2 rows repeat an instant … (row 12 repeats row 5, row 40 repeats row 33); …").
 */
export function repeatedRowsSummary({ count, first }: RepeatedRows): string {
  const pairs = first.map(({ row, sameInstantAs }) => `row ${row} repeats row ${sameInstantAs}`).join(', ');
  const which = count > first.length ? `the first: ${pairs}` : pairs;
  return `${rowsRepeat(count)} given earlier in the file for the same data point (${which}); the last value in the file for each instant was kept.`;
}

const rowsRepeat = (count: number) =>
  count === 1 ? '1 row repeats an instant' : `${count} rows repeat an instant`;
