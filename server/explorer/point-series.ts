import type { Database } from '../db/database';
import { type ComputedSeries, computeSeries, type SeriesQuery } from './compute-series';
import { type ExplorerPoint, explorerPoints, organisationExplorerPoints } from './explorer-points';
import { FormulaGraph } from './virtual/formula-graph';

export type { ComputedSeries, ExplorerPoint };

/**
 * Data points' series as the explorer draws them, for another domain to
 * compute with (the forecasts learn from them): stored points from their
 * rollups, virtual ones by their formula. `points` come from seriesPoints, so
 * every one is the organisation's.
 */
export async function pointSeries(
  db: Database,
  organisationId: number,
  points: readonly ExplorerPoint[],
  query: SeriesQuery,
): Promise<ComputedSeries[]> {
  const graph = new FormulaGraph(
    points.some((point) => point.formula) ? await organisationExplorerPoints(db, organisationId) : points,
  );
  return computeSeries(db, graph, points, query);
}

/** The organisation's points with these ids, in the order asked; a 404 for an id that is not one of them. */
export const seriesPoints = explorerPoints;
