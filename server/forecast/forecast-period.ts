import { DAY_MS, HOUR_MS } from '../../src/time/civil-time';
import { localHourStart, zoneOffset } from '../../src/time/zone-offsets';
import { fieldError } from '../http/api-error';

/** Three of each hour of the week: fewer, and one odd week decides the profile. */
export const MIN_TRAINING_DAYS = 21;
/** Three years of hours: enough for any seasonal pattern, and a fit that stays well under a second. */
export const MAX_TRAINING_DAYS = 3 * 366;

export const HORIZON_HOURS = { day: 24, week: 168 } as const;

/** The training period and the forecast after it, as instants: [from, to) and [to, end). */
export interface ForecastPeriod {
  from: number;
  to: number;
  end: number;
}

/**
 * Checks what the schema cannot: the training period's order, length and end
 * (a model cannot learn from readings not yet taken), both ends on the
 * point's hours, as the hourly series is cut.
 */
export function forecastPeriod(
  request: { trainFrom: string; trainTo: string; horizon?: 'day' | 'week' },
  timeZone: string,
  now: number,
): ForecastPeriod {
  const offset = zoneOffset(timeZone);
  const from = localHourStart(offset, Date.parse(request.trainFrom));
  const to = localHourStart(offset, Date.parse(request.trainTo));
  if (!(from < to))
    throw fieldError(
      '/trainTo',
      'The training period must end after it starts: "trainTo" is not after "trainFrom".',
    );
  if (to > now)
    throw fieldError(
      '/trainTo',
      `The training period cannot end in the future (it ends ${new Date(to).toISOString()}, and it is now ${new Date(now).toISOString()}): a model learns only from readings already taken.`,
    );
  const days = (to - from) / DAY_MS;
  if (days < MIN_TRAINING_DAYS)
    throw fieldError(
      '/trainFrom',
      `The training period is ${formatDays(days)} long; at least ${MIN_TRAINING_DAYS} days are needed, so that every hour of the week is seen three times.`,
    );
  if (days > MAX_TRAINING_DAYS)
    throw fieldError(
      '/trainFrom',
      `The training period is ${formatDays(days)} long; at most ${MAX_TRAINING_DAYS} days (three years) can be fitted.`,
    );
  return { from, to, end: to + HORIZON_HOURS[request.horizon ?? 'week'] * HOUR_MS };
}

function formatDays(days: number): string {
  const rounded = Math.round(days * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
}
