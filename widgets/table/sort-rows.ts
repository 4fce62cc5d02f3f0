import { cachedFormat } from '../../src/i18n/app-locale';

export type Cell = string | number | boolean | null | undefined;
export type TableRow = Record<string, Cell>;
export type SortDirection = 'asc' | 'desc';

/** Text sorts as the chosen language orders it. */
function collator(): Intl.Collator {
  return cachedFormat(
    'collator numeric base',
    (locale) => new Intl.Collator(locale, { numeric: true, sensitivity: 'base' }),
  );
}

/** Sorted copy of the rows; empty cells go last in either direction, as people expect of missing data. */
export function sortRows(rows: readonly TableRow[], key: string, direction: SortDirection): TableRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = collator();
  return [...rows].sort((a, b) => {
    const left = a[key];
    const right = b[key];
    const leftEmpty = left === null || left === undefined || left === '';
    const rightEmpty = right === null || right === undefined || right === '';
    if (leftEmpty || rightEmpty) return Number(leftEmpty) - Number(rightEmpty);
    if (typeof left === 'number' && typeof right === 'number') return sign * (left - right);
    return sign * compare.compare(String(left), String(right));
  });
}

export function pageCount(rowCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rowCount / pageSize));
}
