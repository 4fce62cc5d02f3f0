import type { GetDataImportResponse } from '../../src/generated/api-types';
import type { ImportMapping, ImportProblem } from './import-mapping';
import type { ReadSoFar } from './import-plan';
import type { PointDirectory } from './plan-import';
import type { RepeatedRows } from './repeated-rows';

/** A meter file to plan, sent to the worker thread: for an import, or for its dry run. */
export interface PlanJob {
  id: number;
  kind: 'import' | 'dry-run';
  bytes: Uint8Array;
  mapping: ImportMapping;
  points: PointDirectory;
}

/** Readings of one data point as the worker hands them on, in file order. */
export interface PlannedSeries {
  pointId: number;
  ts: Float64Array;
  values: Float64Array;
  quality: Uint8Array;
}

/** What the worker posts back about a job: chunks as they fill, the last ones partly, then one outcome. */
export type PlanMessage =
  | { id: number; kind: 'chunk'; series: PlannedSeries; read: ReadSoFar }
  | {
      id: number;
      kind: 'done';
      rowsTotal: number;
      rowsValid: number;
      problems: ImportProblem[];
      problemsTotal: number;
      /** Every data point the file names, in file order, whether or not any of its rows were good. */
      pointIds: number[];
      /** Rows that repeat an earlier row's instant for the same data point, if any. */
      repeatedInstants?: RepeatedRows;
    }
  /** A dry run's whole answer. */
  | { id: number; kind: 'preview'; preview: GetDataImportResponse }
  /**
   * `problem`: the file cannot be read with the mapping (a ParseProblem, told to the user as it is);
   * `field`: the mapping field it is about, if any.
   */
  | { id: number; kind: 'failed'; problem: boolean; message: string; field?: string };
