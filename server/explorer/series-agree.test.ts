import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { seededRandom } from '../demo/seeded-random';
import { refreshRollups } from '../readings/rollups';
import { pointOnNewSite, quarterHours } from '../readings/test-points.test-helper';
import { type PointForWrite, writeReadings } from '../readings/write-readings';
import type { Aggregate } from './bucket-rows';
import type { Resolution } from './calendar';
import { computeSeries } from './compute-series';
import { explorerPoints } from './explorer-points';
import { columnEnds } from './pixel-columns';
import { reduceToColumns } from './reduce';
import { FormulaGraph } from './virtual/formula-graph';

/**
 * Every aggregate the explorer serves, whichever store it comes from, equals
 * a brute-force pass over the raw readings that buckets them with the
 * platform's own Intl calendar: across the spring and autumn clock changes
 * of both hemispheres, with gaps, for every kind of data point.
 */
describeEachEngine('explorer series agree with brute force over raw readings on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
  });
  afterAll(async () => handle?.close());

  // London springs forward on 29 March; Sydney falls back on 5 April; both are inside the period.
  const from = Date.parse('2026-03-16T00:00:00Z');
  const to = Date.parse('2026-04-14T00:00:00Z');
  const kinds: DataPointKind[] = ['cumulative', 'interval', 'instantaneous'];
  const zones = ['Europe/London', 'Australia/Sydney'];
  const resolutions: Resolution[] = ['raw', '15min', 'hour', 'day', 'week', 'month'];
  const aggregates: Aggregate[] = ['sum', 'avg', 'min', 'max'];

  for (const zone of zones) {
    for (const kind of kinds) {
      it(`${kind} in ${zone}`, async () => {
        const point = await pointOnNewSite(db, kind, zone);
        await writeRandomReadings(db, point, zone.length * 7 + kind.length);
        const raw = await rawReadings(db, point.id, kind);
        const [explorerPoint] = await explorerPoints(db, point.organisationId, [point.id]);
        const graph = new FormulaGraph([explorerPoint as NonNullable<typeof explorerPoint>]);
        for (const resolution of resolutions) {
          const groups = bucketGroups(raw, zone, resolution);
          for (const aggregate of resolution === 'raw' ? (['sum'] as Aggregate[]) : aggregates) {
            const [series] = await computeSeries(
              db,
              graph,
              [explorerPoint as NonNullable<typeof explorerPoint>],
              {
                from,
                to,
                resolution,
                aggregate,
                now: to,
              },
            );
            const expected = bruteForce(groups, resolution, aggregate);
            const got = new Map<number, number>();
            series?.series.t.forEach((t, i) => {
              const value = series.series.v[i];
              if (value !== null && value !== undefined) got.set(t, value);
            });
            const where = `${resolution} ${aggregate}`;
            expect([...got.keys()].sort(), where).toEqual([...expected.keys()].sort());
            for (const [t, value] of expected)
              expect(got.get(t), `${where} at ${new Date(t).toISOString()}`).toBeCloseTo(value, 6);
          }
        }
      });
    }
  }

  for (const zone of zones) {
    for (const kind of kinds) {
      it(`${kind} in ${zone}: years of quarter-hours in columns of whole days, from the daily rollups`, async () => {
        const point = await pointOnNewSite(db, kind, zone);
        await writeRandomReadings(db, point, zone.length * 11 + kind.length);
        // Three days without readings, so some columns are gaps.
        await sql`delete from readings where data_point_id = ${point.id}
          and ts >= ${new Date('2026-03-24T00:00:00Z')} and ts < ${new Date('2026-03-27T00:00:00Z')}`.execute(
          db,
        );
        await refreshRollups(
          db,
          { ...point, organisation_id: point.organisationId, time_zone: zone },
          from,
          to,
        );
        const quarters = bruteForce(
          bucketGroups(await rawReadings(db, point.id, kind), zone, '15min'),
          '15min',
          kind === 'instantaneous' ? 'avg' : 'sum',
        );
        const [explorerPoint] = await explorerPoints(db, point.organisationId, [point.id]);
        const points = [explorerPoint as NonNullable<typeof explorerPoint>];
        const dayFrom = dayStart(Date.parse('2026-03-17T12:00:00Z'), zone);
        const dayTo = dayStart(Date.parse('2026-04-12T12:00:00Z'), zone);
        for (const width of [26, 7]) {
          const request = { from: dayFrom, to: dayTo, resolution: '15min' as const, now: to, width };
          const [series] = await computeSeries(db, new FormulaGraph(points), points, request);
          expect(series?.series.reduced, `${width} columns`).toBe(true);
          const expected = dayColumnsBruteForce(quarters, zone, dayFrom, dayTo, width);
          expect(series?.series.t, `${width} columns`).toEqual(expected.t);
          expected.v.forEach((value, index) => {
            if (value === null) expect(series?.series.v[index]).toBeNull();
            else expect(series?.series.v[index]).toBeCloseTo(value, 9);
          });
          if (width === 26)
            expect(series?.series.v.filter((value) => value === null).length).toBeGreaterThanOrEqual(2);
          // The summary is that of every quarter-hour, as computed without columns.
          const [every] = await computeSeries(db, new FormulaGraph(points), points, {
            ...request,
            width: undefined,
          });
          for (const field of ['min', 'max', 'mean', 'total', 'buckets', 'coverage'] as const) {
            const value = every?.summary[field];
            if (value === null || value === undefined) expect(series?.summary[field]).toBe(value);
            else expect(series?.summary[field], field).toBeCloseTo(value, field === 'coverage' ? 0 : 6);
          }
        }
        // A day written before the daily rows kept quarter-hours: the same answer, from the readings.
        await sql`update readings_daily set quarters = null where data_point_id = ${point.id} and day = '2026-04-01'`.execute(
          db,
        );
        const [fallback] = await computeSeries(db, new FormulaGraph(points), points, {
          from: dayFrom,
          to: dayTo,
          resolution: '15min',
          now: to,
          width: 7,
        });
        expect(fallback?.series.reduced).toBeFalsy();
        const reduced = reduceToColumns(
          fallback?.series ?? { t: [], v: [] },
          columnEnds('15min', zone, dayFrom, dayTo, 7),
        );
        expect(reduced.t).toEqual(dayColumnsBruteForce(quarters, zone, dayFrom, dayTo, 7).t);
      });
    }
  }

  it('leaves missing buckets as null, never zero', async () => {
    const point = await pointOnNewSite(db, 'interval', 'Europe/London');
    const day = quarterHours('2026-03-20T00:00:00Z', '2026-03-21T00:00:00Z');
    await db.transaction().execute((trx) => writeReadings(trx, point, { ts: day, values: day.map(() => 1) }));
    const [explorerPoint] = await explorerPoints(db, point.organisationId, [point.id]);
    const points = [explorerPoint as NonNullable<typeof explorerPoint>];
    const [series] = await computeSeries(db, new FormulaGraph(points), points, {
      from: Date.parse('2026-03-19T00:00:00Z'),
      to: Date.parse('2026-03-22T00:00:00Z'),
      resolution: 'day',
      now: Date.parse('2026-03-22T00:00:00Z'),
    });
    expect(series?.series.v).toEqual([null, 96, null]);
    expect(series?.summary).toMatchObject({ total: 96, min: 96, max: 96, mean: 96, buckets: 1 });
    // 96 of the 288 quarter-hours of three days.
    expect(series?.summary.coverage).toBe(33.3);
  });
});

/** Quarter-hourly readings over the period with a few random gaps of hours to days. */
async function writeRandomReadings(db: Database, point: PointForWrite, seed: number) {
  const random = seededRandom(seed);
  const all = quarterHours('2026-03-16T00:00:00Z', '2026-04-14T00:00:00Z');
  const kept = all.filter(
    (_, index) => Math.floor(index / 40) % 9 !== Math.floor(random() * 9) % 9 || random() < 0.5,
  );
  let register = 10_000;
  const values = kept.map(() => {
    if (point.kind === 'cumulative') {
      register += Math.round(random() * 3000) / 1000;
      return register;
    }
    if (point.kind === 'interval') return Math.round(random() * 3000) / 1000;
    return 15 + Math.round(random() * 10_000) / 1000;
  });
  await db.transaction().execute((trx) => writeReadings(trx, point, { ts: kept, values }));
}

/** Each stored reading's instant and the quantity charted: consumption (delta) or the value itself. */
async function rawReadings(
  db: Database,
  id: number,
  kind: DataPointKind,
): Promise<{ ts: number; q: number }[]> {
  const { rows } = await sql<{ ts: Date; value: number; delta: number | null }>`
    select ts, value, delta from readings where data_point_id = ${id} order by ts`.execute(db);
  return rows
    .map((row) => ({ ts: new Date(row.ts).getTime(), q: kind === 'instantaneous' ? row.value : row.delta }))
    .filter((row): row is { ts: number; q: number } => row.q !== null);
}

/** Groups readings by bucket with Intl's wall clock, independently of the code under test. */
function bucketGroups(
  readings: { ts: number; q: number }[],
  zone: string,
  resolution: Resolution,
): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const { ts, q } of readings) {
    const start = bucketStart(ts, zone, resolution);
    let group = groups.get(start);
    if (!group) {
      group = [];
      groups.set(start, group);
    }
    group.push(q);
  }
  return groups;
}

function bruteForce(
  groups: Map<number, number[]>,
  resolution: Resolution,
  aggregate: Aggregate,
): Map<number, number> {
  const result = new Map<number, number>();
  for (const [start, values] of groups) {
    const sum = values.reduce((a, b) => a + b, 0);
    const value =
      aggregate === 'sum' || resolution === 'raw'
        ? sum
        : aggregate === 'avg'
          ? sum / values.length
          : aggregate === 'min'
            ? Math.min(...values)
            : Math.max(...values);
    result.set(start, value);
  }
  return result;
}

/**
 * Quarter-hour values reduced to `width` columns of whole local days (day i of
 * n in column floor(i × width / n)): each column's first lowest and first
 * highest in time order, or a null at its first day's start when it has none.
 */
function dayColumnsBruteForce(
  quarters: Map<number, number>,
  zone: string,
  from: number,
  to: number,
  width: number,
): { t: number[]; v: (number | null)[] } {
  const days: number[] = [];
  for (let start = from; start < to; start = dayStart(start + 26 * 3_600_000, zone)) days.push(start);
  const ordered = [...quarters].sort((a, b) => a[0] - b[0]);
  const t: number[] = [];
  const v: (number | null)[] = [];
  for (let column = 0; column < width; column++) {
    const members = days.filter((_, index) => Math.floor((index * width) / days.length) === column);
    const first = members[0] as number;
    const end = days[days.indexOf(members[members.length - 1] as number) + 1] ?? to;
    const inside = ordered.filter(([at]) => at >= first && at < end);
    if (inside.length === 0) {
      t.push(first);
      v.push(null);
      continue;
    }
    let low = inside[0] as [number, number];
    let high = low;
    for (const entry of inside) {
      if (entry[1] < low[1]) low = entry;
      if (entry[1] > high[1]) high = entry;
    }
    for (const [at, value] of low === high ? [low] : low[0] < high[0] ? [low, high] : [high, low]) {
      t.push(at);
      v.push(value);
    }
  }
  return { t, v };
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

const QUARTER_HOUR = 900_000;
/** Each zone's offset from UTC in milliseconds, by quarter hour since the epoch. */
const offsets = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC at ts, as Intl reads the wall clock: asked once
 * per quarter hour, within which no zone changes its clocks (every change of
 * offset falls on a quarter hour), where asking Intl for each reading was
 * most of the file's time. Not ZoneClock (src/time), which caches offsets
 * the same way: the explorer's calendar reads its offsets through it, and
 * this brute force is the check on that.
 */
function offsetAt(ts: number, zone: string): number {
  let byQuarter = offsets.get(zone);
  if (!byQuarter) {
    byQuarter = new Map();
    offsets.set(zone, byQuarter);
  }
  const quarter = Math.floor(ts / QUARTER_HOUR);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_HOUR;
    const parts = Object.fromEntries(
      wallFormat(zone)
        .formatToParts(new Date(at))
        .map((part) => [part.type, Number(part.value)]),
    ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
    offset = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - at;
    byQuarter.set(quarter, offset);
  }
  return offset;
}

/** The wall clock at ts in the zone: its date, minutes into the day, and weekday (Monday 0). */
function wall(ts: number, zone: string) {
  const local = new Date(ts + offsetAt(ts, zone));
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    weekday: (local.getUTCDay() + 6) % 7,
  };
}

const dayStarts = new Map<string, number>();

/** The first instant whose local date is that of ts, found by walking from a time on that day. */
function dayStart(ts: number, zone: string): number {
  const { date, minutes } = wall(ts, zone);
  const known = dayStarts.get(`${zone} ${date}`);
  if (known !== undefined) return known;
  let start = ts - minutes * 60_000;
  // The walk may land an hour off on a day the clocks change; step until the wall clock reads midnight of that date.
  while (wall(start, zone).date !== date) start += 15 * 60_000;
  while (wall(start - 15 * 60_000, zone).date === date) start -= 15 * 60_000;
  dayStarts.set(`${zone} ${date}`, start);
  return start;
}

function bucketStart(ts: number, zone: string, resolution: Resolution): number {
  if (resolution === 'raw') return ts;
  if (resolution === '15min') return Math.floor(ts / 900_000) * 900_000;
  if (resolution === 'hour') return ts - (wall(ts, zone).minutes % 60) * 60_000 - (ts % 60_000);
  const day = dayStart(ts, zone);
  if (resolution === 'day') return day;
  if (resolution === 'week') {
    let start = day;
    while (wall(start, zone).weekday !== 0) start = dayStart(start - 3_600_000, zone);
    return start;
  }
  let start = day;
  while (wall(start, zone).date.slice(8) !== '01') start = dayStart(start - 3_600_000, zone);
  return start;
}
