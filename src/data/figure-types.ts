import type { Measure } from './measure';
import type { ComparedWith, PeriodChoice } from './periods';
import type { PointSelection } from './points';
import type { Resolution } from './resolution';

/** What KPIs and stats ask for and get: one figure of some data points over a period and the one before. */

export type FigureName = 'total' | 'mean' | 'max' | 'min';

/** One figure of these data points over this period (and the period before), from buckets of this resolution. */
export interface FigureRequest extends PointSelection {
  period: PeriodChoice;
  figure: FigureName;
  /** Cost and CO2 are totals by the points' tariffs; the figure is then always a total. */
  measure?: Measure;
  /** Bucket size for mean, max and min. */
  resolution: Resolution;
  /** The period before (the default), or the same time last year. */
  comparedWith?: ComparedWith;
  /** Divided by the floor area of the sites counted (the report's, else all of the organisation's). */
  per?: 'floorArea';
}

/** A figure for the current and the previous window, or why there is none. */
export type FigureResult =
  | { kind: 'no-points'; missing: string[]; intent?: string; unit?: string }
  | {
      kind: 'figure';
      value: number | null;
      /** The data points counted: the live stream asks the figure again when one of them is written. */
      dataPointIds: number[];
      /** null: the previous period has no data. */
      previous: number | null;
      unit: string;
      /** Mean data coverage of the current and of the previous period, percent; unknown for usage totals. */
      coverage?: number;
      previousCoverage?: number;
      /** The points are instantaneous: they have no total. */
      noTotal?: boolean;
      /** Tags no data point of the intent carries, so all of its points are counted (see fetchPoints). */
      unmatchedTags?: string[];
      /** Cost and CO2: how many of the points no tariff prices, left out of the figure. */
      unpricedPoints?: number;
      /** Cost: how many points are priced in another currency than the figure's, left out of it. */
      otherCurrencyPoints?: number;
      /**
       * Per m²: the floor area divided by and how many of the sites counted have none, or that the
       * figure is of chosen data points, which have no floor area (no figure either way).
       */
      floorArea?: { m2: number; sitesWithout: number; ofPoints?: boolean };
    };
