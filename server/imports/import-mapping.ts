import type { DataImportRequest } from '../../src/generated/api-types';

/** How to read a meter file (schemas/api/shared/import-mapping.schema.json). */
export type ImportMapping = DataImportRequest['mapping'];

/** A problem with one row (or the whole file, without a row), as users see it. */
export interface ImportProblem {
  row?: number;
  column?: string;
  reason: string;
}

/** What an import needs to know of a data point. */
export interface ImportPoint {
  id: number;
  name: string;
  unit: string;
  kind: 'cumulative' | 'interval' | 'instantaneous';
  register_max: number | null;
  interval_minutes: number;
  time_zone: string;
}

/** Problems listed to the user; the count of the rest is given beside them. */
export const LISTED_PROBLEMS = 1000;
