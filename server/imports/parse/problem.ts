/**
 * Something in an uploaded file that stops it from being imported, worded
 * for the person who uploaded it: `reason` is shown to them as-is, so it says
 * what is wrong and, where we can tell, how to fix it.
 */
export class ParseProblem extends Error {
  readonly row?: number;
  readonly column?: string;
  /**
   * The mapping field at fault, as a JSON Pointer within the mapping
   * (`/value/column` for a column the file lacks), so an answer can point
   * the person at the field to change rather than at the file.
   */
  readonly field?: string;
  readonly reason: string;

  constructor(reason: string, at: { row?: number; column?: string; field?: string } = {}) {
    super(describe(reason, at));
    this.name = 'ParseProblem';
    this.reason = reason;
    this.row = at.row;
    this.column = at.column;
    this.field = at.field;
  }
}

/**
 * A value-level failure returned (not thrown) by the per-cell parsers: they
 * run once per cell on files with millions of cells, and most callers want
 * to collect these with a row number rather than stop at the first one.
 */
export interface ParseProblemReason {
  readonly error: string;
}

/** The log-friendly message: the reason prefixed by where it happened. */
function describe(reason: string, at: { row?: number; column?: string }): string {
  const where = [
    at.row === undefined ? undefined : `row ${at.row}`,
    at.column === undefined ? undefined : `column "${at.column}"`,
  ].filter((part) => part !== undefined);
  return where.length === 0 ? reason : `${where.join(', ')}: ${reason}`;
}
