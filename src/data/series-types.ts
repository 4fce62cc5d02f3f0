import type { ChartSeries } from '../generated/api-types';
import type { Measure } from './measure';
import type { PeriodChoice } from './periods';
import type { PointSelection } from './points';
import type { Resolution } from './resolution';

/** The readings of these data points over this period, in buckets of this resolution. */
export interface SeriesRequest extends PointSelection {
  period: PeriodChoice;
  resolution: Resolution;
  aggregate?: 'sum' | 'avg' | 'min' | 'max';
  /** Columns the chart has: the server reduces a longer series to each column's lowest and highest value. */
  width: number;
  /** At most this many series; the rest are counted in `leftOut`. */
  limit: number;
  /** Cost or CO2 per bucket by the points' tariffs, instead of their readings. */
  measure?: Measure;
}

export interface SeriesResult {
  series: ChartSeries[];
  /** The start of the period asked for. */
  from: Date;
  missing: string[];
  /** Data points matched but not asked for (past `limit`). */
  leftOut: number;
  /** Tags no data point of the intent carries, so all of its points are drawn (see fetchPoints). */
  unmatchedTags?: string[];
  /** Cost and CO2: how many of the points no tariff prices, left out of the chart. */
  unpricedPoints?: number;
}
