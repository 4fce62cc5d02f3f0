import type { Migration } from './migration';

const ALLOWED_WIDTHS = [3, 4, 6, 8, 9, 12];
/** Bootstrap's breakpoints (col-, col-sm- ... col-xxl-) mapped to the nearest of ours. */
const BREAKPOINTS: Record<string, string> = { '': 'base', sm: 'sm', md: 'md', lg: 'lg', xl: 'xl', xxl: 'xl' };
const WIDTH_CLASS = /^col(?:-(sm|md|lg|xl|xxl))?-(\d{1,2})$/;

/**
 * Version 1 gave a column's width as Bootstrap classes in `className`
 * ("col-lg-6 col-12"). Version 2 writes it as `span`, so widths per
 * breakpoint are data the engine checks rather than CSS it hopes for.
 * Classes that are not widths stay in `className`.
 */
export const v1ToV2: Migration = {
  from: 1,
  to: 2,
  description: 'turn Bootstrap column classes into span',
  migrate(document) {
    if (!isRecord(document)) return document;
    const rows = Array.isArray(document.rows) ? document.rows.map(migrateRow) : document.rows;
    return { ...document, schemaVersion: 2, rows };
  },
};

function migrateRow(row: unknown): unknown {
  if (!isRecord(row) || !Array.isArray(row.columns)) return row;
  return { ...row, columns: row.columns.map(migrateColumn) };
}

function migrateColumn(column: unknown): unknown {
  if (!isRecord(column) || 'span' in column) return column;
  const classes = typeof column.className === 'string' ? column.className.split(/\s+/).filter(Boolean) : [];
  const span: Record<string, number> = {};
  const otherClasses: string[] = [];
  for (const name of classes) {
    const match = WIDTH_CLASS.exec(name);
    const breakpoint = match ? BREAKPOINTS[match[1] ?? ''] : undefined;
    if (match && breakpoint) span[breakpoint] = nearestAllowedWidth(Number(match[2]));
    else otherClasses.push(name);
  }
  const { className: _className, ...rest } = column;
  return {
    ...rest,
    ...(otherClasses.length > 0 ? { className: otherClasses.join(' ') } : {}),
    span: simplifySpan(span),
  };
}

/** Widths the grid does not offer (5, 7, 10, 11...) round up, so content never gets narrower. */
function nearestAllowedWidth(width: number): number {
  return ALLOWED_WIDTHS.find((allowed) => allowed >= width) ?? 12;
}

/** A lone md width is what a plain number means; no width at all was full width in Bootstrap's stacking. */
function simplifySpan(span: Record<string, number>): number | Record<string, number> {
  const breakpoints = Object.keys(span);
  if (breakpoints.length === 0) return 12;
  if (breakpoints.length === 1 && span.md !== undefined) return span.md;
  if (breakpoints.length === 1 && span.base === 12) return 12;
  return span;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
