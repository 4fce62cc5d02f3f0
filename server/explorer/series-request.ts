import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import type { Aggregate } from './bucket-rows';
import { type Resolution, TYPICAL_STEP_MS } from './calendar';
import { type ExplorerPoint, explorerPoints, organisationExplorerPoints } from './explorer-points';
import { autoResolution, MAX_PERIOD_YEARS, periodYears } from './span';
import { formulaInputs } from './virtual/formula';
import { FormulaGraph } from './virtual/formula-graph';

/** Beyond this many buckets across all series, a request would keep the database busy for too long. */
export const MAX_BUCKETS = 5_000_000;

/** A series request as the API receives it (getChartDataByDate, explorerSummary, exports). */
export interface SeriesRequestBody {
  dataPointIds: number[];
  from: string;
  to: string;
  resolution?: Resolution | 'auto';
  aggregate?: Aggregate;
}

/** A checked series request: the points (with the graph their formulas need), the period and the resolution. */
export interface CheckedSeriesRequest {
  points: ExplorerPoint[];
  graph: FormulaGraph;
  from: number;
  to: number;
  resolution: Resolution;
  aggregate?: Aggregate;
}

/**
 * Checks what the schema cannot: the period's order and length, that every
 * point is the organisation's, and that the answer is small enough to give.
 */
export async function checkSeriesRequest(
  db: Database,
  organisationId: number,
  body: SeriesRequestBody,
  width = 1000,
): Promise<CheckedSeriesRequest> {
  const from = Date.parse(body.from);
  const to = Date.parse(body.to);
  if (!(from < to)) throw fieldError('/to', 'The period must end after it starts: "to" is not after "from".');
  const years = periodYears(from, to);
  if (years > MAX_PERIOD_YEARS) {
    throw fieldError(
      '/to',
      `The period is ${Math.round(years)} years long; at most ${MAX_PERIOD_YEARS} years can be shown at once.`,
    );
  }
  const points = await explorerPoints(db, organisationId, body.dataPointIds);
  const graph = new FormulaGraph(
    points.some((point) => point.formula) ? await organisationExplorerPoints(db, organisationId) : points,
  );
  const resolution =
    !body.resolution || body.resolution === 'auto' ? autoResolution(from, to, width) : body.resolution;
  refuseOversized(points, graph, resolution, to - from);
  return { points, graph, from, to, resolution, aggregate: body.aggregate };
}

/** Estimates the buckets (or readings, for raw) the answer needs, counting every stored input of virtual points. */
function refuseOversized(
  points: ExplorerPoint[],
  graph: FormulaGraph,
  resolution: Resolution,
  periodMs: number,
): void {
  let leaves = 0;
  const count = (point: ExplorerPoint, depth: number): void => {
    const formula = graph.formulaOf(point.id);
    if (!formula || depth > 10) {
      leaves += resolution === 'raw' ? TYPICAL_STEP_MS['15min'] / (point.intervalMinutes * 60_000) : 1;
      return;
    }
    for (const id of formulaInputs(formula)) {
      const input = graph.point(id);
      if (input) count(input, depth + 1);
    }
  };
  for (const point of points) count(point, 0);
  const buckets = Math.round(leaves * (periodMs / TYPICAL_STEP_MS[resolution]));
  if (buckets > MAX_BUCKETS) {
    throw fieldError(
      '/resolution',
      `That is about ${buckets.toLocaleString('en-GB')} values at ${resolution} resolution, more than ${MAX_BUCKETS.toLocaleString('en-GB')} at once: choose a coarser resolution, a shorter period or fewer data points.`,
    );
  }
}
