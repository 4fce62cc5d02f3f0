import type { ImportPoint, ImportProblem } from './import-mapping';

/**
 * What reading a meter file with a mapping gives (plan-import.ts): each data
 * point's readings, the rows, and the problems.
 */
export interface ImportPlan {
  rowsTotal: number;
  rowsValid: number;
  byPoint: Map<number, PointReadings>;
  /** The first problems, in file order. */
  problems: ImportProblem[];
  problemsTotal: number;
}

/** The readings a file holds for one data point, in file order. */
export interface PointReadings {
  point: ImportPoint;
  ts: number[];
  values: number[];
  quality: number[];
  rows: number[];
  /** The value cells of the first readings as written in the file, when the plan was asked to keep them. */
  written?: string[];
  /** The last time already handed on in a chunk: the next row's neighbour for a repeated wall-clock hour. */
  lastTs?: number;
  /**
   * How the point's times follow each other so far: each after the one before
   * ('rising'), each before it ('falling', a file listed newest first), or
   * neither ('mixed'). Only a mixed series can repeat an instant.
   */
  order?: 'rising' | 'falling' | 'mixed';
}

/** How far a file was done when a chunk was handed on: what an import's progress counts. */
export interface ReadSoFar {
  /** Rows read and dealt with: handed on to be written, or found bad. */
  rows: number;
  /** The file's rows, once known: a workbook's from the start, a CSV file's only at its end. */
  rowsTotal?: number;
  /** The share of the file done, 0 to 1: its share read, less the rows still held. */
  share: number;
}
