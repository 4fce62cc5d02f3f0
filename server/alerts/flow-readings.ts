import { sql } from 'kysely';
import type { FlowCondition } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import {
  evaluateFormula,
  type Formula,
  formulaInputs,
  MAX_NESTING,
  parseFormula,
} from '../explorer/virtual/formula';
import { notFound } from '../http/api-error';
import { ofPointRow } from '../readings/point-key';
import type { FlowReadings } from './flow-judge';

/** A point a flow reads, as judging needs it: a stored point's kind, or a virtual point's formula. */
interface ReadPoint {
  id: number;
  name: string;
  kind: string;
  source: string;
  formula: Formula | undefined;
}

/** The points a flow reads, with the stored points their formulas read in turn: what its judging loads. */
export interface FlowPoints {
  /** Every point named in the flow and in the formulas below them, by id. */
  byId: Map<number, ReadPoint>;
  /** The stored points at the bottom: whose new readings are news to the flow. */
  stored: number[];
}

/**
 * The organisation's points the flow's point nodes name, and below a
 * virtual point those its formula reads: a point that is not the
 * organisation's is not found (404), whoever else has one by that id;
 * or, when judging flows saved before it was deleted, left out (it has no
 * readings any more).
 */
export async function flowPoints(
  db: Database,
  organisationId: number,
  flow: Pick<FlowCondition, 'nodes'>,
  missing: 'refused' | 'left out' = 'refused',
): Promise<FlowPoints> {
  const byId = new Map<number, ReadPoint>();
  let wanted = [
    ...new Set(flow.nodes.flatMap((node) => (node.kind === 'point' ? [node.dataPointId as number] : []))),
  ];
  for (let depth = 0; wanted.length > 0 && depth <= MAX_NESTING; depth++) {
    const rows = await db
      .selectFrom('data_points')
      .select(['id', 'name', 'kind', 'source', 'formula'])
      .where('organisation_id', '=', organisationId)
      .where('id', 'in', wanted)
      .execute();
    const found = new Set(rows.map((row) => row.id));
    const gone = wanted.find((id) => !found.has(id));
    if (gone !== undefined && missing === 'refused') throw notFound(`data point #${gone}`);
    const next: number[] = [];
    for (const row of rows) {
      const formula = row.formula ? parseFormula(row.formula, () => undefined) : undefined;
      byId.set(row.id, { ...row, formula });
      for (const input of formula ? formulaInputs(formula) : []) if (!byId.has(input)) next.push(input);
    }
    wanted = [...new Set(next)];
  }
  const stored = [...byId.values()].filter((point) => !point.formula).map((point) => point.id);
  return { byId, stored };
}

/**
 * The stored points under these: a stored point itself, a virtual one's
 * formula's points, as they are now (a formula changed since the flow was
 * saved reads other points).
 */
export function storedUnder(points: FlowPoints, pointIds: readonly number[]): number[] {
  const found = new Set<number>();
  const visit = (id: number, depth: number) => {
    const point = points.byId.get(id);
    if (!point || depth > MAX_NESTING) return;
    if (!point.formula) found.add(id);
    else for (const input of formulaInputs(point.formula)) visit(input, depth + 1);
  };
  for (const id of pointIds) visit(id, 0);
  return [...found].sort((a, b) => a - b);
}

/** The readings flows are judged on over a window, and the moments in it when they came in. */
export interface LoadedReadings {
  readings: FlowReadings;
  /** The instants of these stored points' readings after `after`, oldest first, each once. */
  momentsOf(pointIds: readonly number[], after: number): number[];
}

/**
 * The judged values (a register's use per reading, another point's value)
 * of the stored points from `lookBack` before `after` up to `until`, in one
 * query for every flow judged together,
 * with the last one before that: a point's value at a moment is its last
 * reading then, and a sum or mean reads back over its window.
 */
export async function loadFlowReadings(
  db: Database,
  points: FlowPoints,
  after: number,
  until: number,
  lookBack: number,
): Promise<LoadedReadings> {
  const from = after - lookBack;
  const { rows } = await sql<{ data_point_id: number; ts: Date; value: number; delta: number | null }>`
    select x.data_point_id, x.ts, x.value, x.delta
    from data_points p
    cross join lateral (
      select data_point_id, ts, value, delta from readings
      where ${ofPointRow('p')}
        and ts >= coalesce((select max(ts) from readings where ${ofPointRow('p')} and ts <= to_timestamp(${from} / 1000.0)), '-infinity')
        and ts <= to_timestamp(${until} / 1000.0)
    ) as x
    where p.id = any(${points.stored}::int4[])
    order by x.data_point_id, x.ts
  `.execute(db);
  const series = new Map<number, { ts: number[]; values: number[] }>();
  for (const row of rows) {
    const point = points.byId.get(Number(row.data_point_id)) as ReadPoint;
    const value = point.kind === 'cumulative' ? row.delta : row.value;
    if (value === null) continue;
    const ts = row.ts.getTime();
    const line = series.get(point.id) ?? { ts: [], values: [] };
    line.ts.push(ts);
    line.values.push(value);
    series.set(point.id, line);
  }
  return {
    readings: readingsOf(points, series),
    momentsOf(pointIds, after) {
      const moments = new Set<number>();
      for (const pointId of pointIds)
        for (const ts of series.get(pointId)?.ts ?? []) if (ts > after) moments.add(ts);
      return [...moments].sort((a, b) => a - b);
    },
  };
}

function readingsOf(
  points: FlowPoints,
  series: Map<number, { ts: number[]; values: number[] }>,
): FlowReadings {
  const valueAt = (pointId: number, at: number, depth = 0): number | null => {
    const point = points.byId.get(pointId);
    if (!point || depth > MAX_NESTING) return null;
    if (point.formula) return evaluateFormula(point.formula, (input) => valueAt(input, at, depth + 1));
    const line = series.get(pointId);
    if (!line) return null;
    const index = lastAtOrBefore(line.ts, at);
    return index < 0 ? null : (line.values[index] as number);
  };
  return {
    valueAt: (pointId, at) => valueAt(pointId, at),
    aggregate(pointId, fn, from, to) {
      const line = series.get(pointId);
      if (!line) return null;
      const start = lastAtOrBefore(line.ts, from) + 1;
      const end = lastAtOrBefore(line.ts, to);
      if (end < start) return null;
      let sum = 0;
      for (let index = start; index <= end; index++) sum += line.values[index] as number;
      return fn === 'sum' ? sum : sum / (end - start + 1);
    },
  };
}

/** The index of the last instant at or before `at` in a sorted list; -1 when none is. */
function lastAtOrBefore(instants: readonly number[], at: number): number {
  let low = 0;
  let high = instants.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((instants[middle] as number) <= at) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
