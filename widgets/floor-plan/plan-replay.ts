import type { FloorPlan, GetChartDataByDateResponse } from '../../src/generated/api-types';

/** A replayed day is cut in quarter hours, as the readings are stored at their finest. */
export const SLOT_MS = 15 * 60_000;

/** The local midnight starting a YYYY-MM-DD day, in the browser's time zone, as epoch ms. */
export function dayStart(day: string): number {
  return localMidnight(day, 0);
}

/** The local midnight ending the day: 23 or 25 hours after its start on the days the clocks change. */
export function dayEnd(day: string): number {
  return localMidnight(day, 1);
}

/** How many quarter hours the day has: 96, or 92 and 100 on the days the clocks change. */
export function slotsIn(day: string): number {
  return Math.round((dayEnd(day) - dayStart(day)) / SLOT_MS);
}

/**
 * A replayed day's window (local midnight to midnight) and the moment shown:
 * the slot's quarter hour, or the day's last where a slot picked on a longer
 * day runs past a shorter one's end.
 */
export function replayWindow(day: string, slot: number): { from: number; to: number; at: number } {
  const from = dayStart(day);
  return { from, to: dayEnd(day), at: from + Math.min(slot, slotsIn(day) - 1) * SLOT_MS };
}

function localMidnight(day: string, daysLater: number): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + daysLater).getTime();
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
