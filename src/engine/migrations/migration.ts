/**
 * A step from one layout version to the next. Pure: it returns a new
 * document and never changes its input. It only rewrites what it recognises;
 * whatever else is wrong is left for validation to report with its pointer.
 */
export interface Migration {
  from: number;
  to: number;
  description: string;
  migrate(document: unknown): unknown;
}
