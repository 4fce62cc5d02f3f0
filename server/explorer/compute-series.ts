import type { SeriesSummary } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import type { Aggregate, BucketRows } from './bucket-rows';
import { bucketCalendar, type Resolution } from './calendar';
import { type DenseSeries, denseFromBuckets, denseFromReadings } from './dense-series';
import type { ExplorerPoint } from './explorer-points';
import { dayColumnCount } from './pixel-columns';
import { type QuartersByColumn, quartersFromDays } from './quarters-from-days';
import { pointSpan, spanKeys } from './span';
import { type PointSpan, type StoredRequest, storedBuckets } from './stored-buckets';
import { storedSummary, virtualSummary } from './summary';
import { evaluateFormula, formulaInputs } from './virtual/formula';
import type { FormulaGraph } from './virtual/formula-graph';
import { pointKind } from './virtual/virtual-kind';

/** One request's period and resolution, and how buckets combine unless a point's kind decides. */
export interface SeriesQuery {
  from: number;
  to: number;
  resolution: Resolution;
  aggregate?: Aggregate;
  now: number;
  /** A chart's width in pixels, when the series are for one: they may then come already reduced to it. */
  width?: number;
}

/** A data point's series over a period: every bucket, and its summary. */
export interface ComputedSeries {
  point: ExplorerPoint;
  kind: DataPointKind;
  virtual: boolean;
  aggregate: Aggregate;
  span: PointSpan;
  /** Every bucket, or with `reduced`, already cut to the chart's pixel columns. */
  series: DenseSeries & { reduced?: boolean };
  summary: SeriesSummary;
}

/** Sum for consumption, average for states, unless the user chose. */
export function defaultAggregate(kind: DataPointKind): Aggregate {
  return kind === 'instantaneous' ? 'avg' : 'sum';
}

/**
 * The series of the given points. Stored points are read from the coarsest
 * store that serves the resolution, grouped into as few queries as possible;
 * a virtual point's formula is applied bucket by bucket to its inputs'
 * buckets (raw becomes quarter-hours: readings of different meters do not
 * share instants).
 */
export async function computeSeries(
  db: Database,
  graph: FormulaGraph,
  points: readonly ExplorerPoint[],
  query: SeriesQuery,
): Promise<ComputedSeries[]> {
  const plan = points.map((point) => {
    const kind = pointKind(graph, point);
    const aggregate = query.aggregate ?? defaultAggregate(kind);
    const virtual = point.formula !== null;
    const resolution = virtual && query.resolution === 'raw' ? '15min' : query.resolution;
    return { point, kind, aggregate, virtual, resolution };
  });
  const fromDays = await quarterColumns(db, plan, query);
  const stored = new StoredBucketSet(db, query);
  for (const { point, aggregate, resolution } of plan) {
    if (!fromDays.has(point.id)) stored.want(graph, point, aggregate, resolution);
  }
  await stored.load();

  return plan.map(({ point, kind, aggregate, virtual, resolution }) => {
    const calendar = bucketCalendar(resolution, point.timeZone);
    const span = pointSpan(resolution, point.timeZone, query.from, query.to);
    const consumption = kind !== 'instantaneous';
    const columns = fromDays.get(point.id);
    if (columns) return { point, kind, virtual, aggregate, span, ...columns };
    if (!virtual) {
      const rows = stored.rows(point.id, aggregate, resolution);
      const series =
        resolution === 'raw'
          ? denseFromReadings(rows, point.intervalMinutes)
          : denseFromBuckets(calendar, span, rows);
      const summary = storedSummary(series, rows, {
        consumption,
        ...span,
        intervalMinutes: point.intervalMinutes,
        now: query.now,
      });
      return { point, kind, virtual, aggregate, span, series, summary };
    }
    const values = new VirtualValues(graph, stored, query, aggregate, resolution).of(point);
    const keys = spanKeys(calendar, span);
    const series = {
      t: keys.map((key) => calendar.startOf(key)),
      v: keys.map((key) => values.get(key) ?? null),
    };
    return {
      point,
      kind,
      virtual,
      aggregate,
      span,
      series,
      summary: virtualSummary(series, { consumption, now: query.now }),
    };
  });
}

/**
 * The stored points a chart of years of quarter-hours can draw from daily
 * rollups: their own measure (the default aggregate) in columns of whole days.
 */
async function quarterColumns(
  db: Database,
  plan: readonly {
    point: ExplorerPoint;
    kind: DataPointKind;
    aggregate: Aggregate;
    virtual: boolean;
    resolution: Resolution;
  }[],
  query: SeriesQuery,
): Promise<Map<number, QuartersByColumn>> {
  const { width } = query;
  if (width === undefined) return new Map();
  const requests = plan
    .filter(
      (entry) =>
        !entry.virtual && entry.resolution === '15min' && entry.aggregate === defaultAggregate(entry.kind),
    )
    .map(({ point }) => ({ point, span: pointSpan('15min', point.timeZone, query.from, query.to) }))
    .filter(({ point, span }) => dayColumnCount('15min', point.timeZone, span.from, span.to, width));
  return requests.length === 0 ? new Map() : quartersFromDays(db, requests, width, query.now);
}

/** The stored buckets a request needs, for the points asked for and every stored input of the virtual ones. */
class StoredBucketSet {
  private readonly wanted = new Map<string, StoredRequest & { resolution: Resolution }>();
  private readonly loaded = new Map<string, BucketRows>();

  constructor(
    private readonly db: Database,
    private readonly query: SeriesQuery,
  ) {}

  want(graph: FormulaGraph, point: ExplorerPoint, aggregate: Aggregate, resolution: Resolution): void {
    const formula = graph.formulaOf(point.id);
    if (!formula) {
      const span = pointSpan(resolution, point.timeZone, this.query.from, this.query.to);
      this.wanted.set(setKey(point.id, aggregate, resolution), { point, aggregate, span, resolution });
      return;
    }
    for (const id of formulaInputs(formula)) {
      const input = graph.point(id);
      if (input) this.want(graph, input, aggregate, resolution);
    }
  }

  async load(): Promise<void> {
    const byResolution = new Map<Resolution, (StoredRequest & { resolution: Resolution })[]>();
    for (const request of this.wanted.values()) {
      byResolution.set(request.resolution, [...(byResolution.get(request.resolution) ?? []), request]);
    }
    await Promise.all(
      [...byResolution].map(async ([resolution, requests]) => {
        const rows = await storedBuckets(this.db, resolution, requests);
        requests.forEach((request, index) => {
          this.loaded.set(setKey(request.point.id, request.aggregate, resolution), rows[index] as BucketRows);
        });
      }),
    );
  }

  rows(id: number, aggregate: Aggregate, resolution: Resolution): BucketRows {
    const rows = this.loaded.get(setKey(id, aggregate, resolution));
    if (!rows) throw new Error(`Buckets of point ${id} were not loaded`);
    return rows;
  }
}

function setKey(id: number, aggregate: Aggregate, resolution: Resolution): string {
  return `${id} ${aggregate} ${resolution}`;
}

/** Bucket values of virtual points by bucket key, each point worked out once per request. */
class VirtualValues {
  private readonly done = new Map<number, Map<number, number>>();

  constructor(
    private readonly graph: FormulaGraph,
    private readonly stored: StoredBucketSet,
    private readonly query: SeriesQuery,
    private readonly aggregate: Aggregate,
    private readonly resolution: Resolution,
  ) {}

  of(point: ExplorerPoint): Map<number, number> {
    const cached = this.done.get(point.id);
    if (cached) return cached;
    const formula = this.graph.formulaOf(point.id);
    let values: Map<number, number>;
    if (!formula) {
      const rows = this.stored.rows(point.id, this.aggregate, this.resolution);
      values = new Map(rows.keys.map((key, i) => [key, rows.values[i] as number]));
    } else {
      const inputs = new Map(
        formulaInputs(formula).map((id) => {
          const input = this.graph.point(id);
          return [id, input ? this.of(input) : new Map<number, number>()];
        }),
      );
      const calendar = bucketCalendar(this.resolution, point.timeZone);
      const span = pointSpan(this.resolution, point.timeZone, this.query.from, this.query.to);
      values = new Map();
      for (const key of spanKeys(calendar, span)) {
        const value = evaluateFormula(formula, (id) => inputs.get(id)?.get(key) ?? null);
        if (value !== null) values.set(key, value);
      }
    }
    this.done.set(point.id, values);
    return values;
  }
}
