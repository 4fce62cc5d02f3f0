import type { FloorPlan, GetChartDataByDateResponse } from '../../src/generated/api-types';

/** A replayed day is cut in quarter hours, as the readings are stored at their finest. */
export const SLOT_MS = 15 * 60_000;
export const SLOTS_PER_DAY = 96;

/** The local midnight starting a YYYY-MM-DD day, in the browser's time zone, as epoch ms. */
export function dayStart(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date).getTime();
}

/**
 * The plan as it stood at one quarter hour of a replayed day: each point's
 * value is its bucket's at that moment (the mean for a sensor, the use for a
 * meter), nothing where the day has no reading there. Alerts are not
 * replayed: the colours follow the plan's scale, or show values as normal.
 */
export function replayedPlan(plan: FloorPlan, day: GetChartDataByDateResponse, at: number): FloorPlan {
  return {
    ...plan,
    points: plan.points.map((point) => {
      const columns = day.series.find((series) => series.dataPointId === point.id)?.points;
      let value: number | null = null;
      let time = at;
      if (columns) {
        for (let index = 0; index < columns.t.length; index++) {
          const bucket = columns.t[index] as number;
          if (bucket > at) break;
          value = columns.v[index] ?? null;
          time = bucket;
        }
      }
      return {
        ...point,
        latest: value === null ? null : { time: new Date(time).toISOString(), value },
        alert: null,
      };
    }),
  };
}
