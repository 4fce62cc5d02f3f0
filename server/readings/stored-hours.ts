import { type RawBuilder, sql } from 'kysely';
import { ofPoints } from './point-key';

/** One stored local hour of a data point, as storedHours() gives it. */
export interface StoredHour {
  organisation_id: number;
  data_point_id: number;
  hour: Date;
  consumption: number | null;
  readings: number;
  value_sum: number;
  value_min: number;
  value_max: number;
  estimated: number;
}

/**
 * The hourly rollups of some data points whose hour starts in [from, to), as
 * rows shaped like StoredHour: use it as a table, `from (${storedHours(...)}) as h`.
 * The hours are kept a row per local day, as arrays (migration 0008). Days are
 * narrowed by date first, so the primary key finds them: a local day's hours
 * all start within a day either side of its date in UTC, as no zone is more
 * than 14 hours from it.
 */
export function storedHours(
  organisationId: number,
  pointIds: readonly number[],
  from: Date,
  to: Date,
): RawBuilder<StoredHour> {
  return sql<StoredHour>`
    select d.organisation_id, d.data_point_id, h.hour, h.consumption, h.readings, h.value_sum, h.value_min, h.value_max, h.estimated
    from readings_hours d,
      unnest(d.hour_at, d.consumption, d.readings, d.value_sum, d.value_min, d.value_max, d.estimated)
        as h(hour, consumption, readings, value_sum, value_min, value_max, estimated)
    where ${ofPoints(organisationId, pointIds, 'd')}
      and d.day >= (${from}::timestamptz at time zone 'UTC')::date - 1
      and d.day <= (${to}::timestamptz at time zone 'UTC')::date + 1
      and h.hour >= ${from} and h.hour < ${to}`;
}
