import { cachedFormat } from '../../src/i18n/app-locale';

/** The d3 tick formats the charts choose by span, as Intl options: months named in the chosen language. */
const TICK_OPTIONS: Record<string, Intl.DateTimeFormatOptions> = {
  '%H:%M': { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  '%b %d': { month: 'short', day: 'numeric' },
  '%b %Y': { month: 'short', year: 'numeric' },
};

/**
 * A time axis's tick labels for a d3 format ("%b %d"), in the language the
 * person chose for the app: d3's own formats always name months in English.
 */
export function localTimeTicks(spec: string): (value: Date | number | string) => string {
  const options = TICK_OPTIONS[spec] ?? { dateStyle: 'medium' };
  const format = cachedFormat(`time tick ${spec}`, (locale) => new Intl.DateTimeFormat(locale, options));
  return (value) => {
    const date = value instanceof Date ? value : new Date(value);
    return Number.isNaN(date.getTime()) ? String(value) : format.format(date);
  };
}

/**
 * The room a tick label of each format takes, in px at the charts' type
 * size, with a gap: the widest of the four languages' ("11月29日", "29 нояб.").
 */
const LABEL_PX: Record<string, number> = { '%H:%M': 52, '%b %d': 76, '%b %Y': 88 };

/** How many tick labels of a format fit side by side on an axis this wide: two at least, eight at most. */
export function ticksThatFit(axisWidth: number, spec: string): number {
  return Math.max(2, Math.min(8, Math.floor(axisWidth / (LABEL_PX[spec] ?? 88))));
}

const HOUR = 3_600_000;

/**
 * At most `count` instants over [first, last] for a time axis of the format:
 * whole hours, local midnights or the firsts of months, an equal number of
 * them apart, so the labels are evenly spaced and never run into each other.
 */
export function timeTickValues(first: number, last: number, spec: string, count: number): Date[] {
  if (!(last > first)) return Number.isFinite(first) ? [new Date(first)] : [];
  const intervals = Math.max(1, count - 1);
  const ticks: Date[] = [];
  if (spec === '%H:%M') {
    const step = Math.max(1, Math.ceil((last - first) / HOUR / intervals));
    const start = new Date(first);
    start.setMinutes(0, 0, 0);
    if (start.getTime() < first) start.setHours(start.getHours() + 1);
    for (const at = start; at.getTime() <= last; at.setHours(at.getHours() + step)) ticks.push(new Date(at));
  } else if (spec === '%b %d') {
    const step = Math.max(1, Math.ceil((last - first) / (24 * HOUR) / intervals));
    const start = new Date(first);
    start.setHours(0, 0, 0, 0);
    if (start.getTime() < first) start.setDate(start.getDate() + 1);
    for (const at = start; at.getTime() <= last; at.setDate(at.getDate() + step)) ticks.push(new Date(at));
  } else {
    const months = (to: Date) => to.getFullYear() * 12 + to.getMonth();
    const step = Math.max(1, Math.ceil((months(new Date(last)) - months(new Date(first))) / intervals));
    const start = new Date(first);
    start.setHours(0, 0, 0, 0);
    start.setDate(1);
    if (start.getTime() < first) start.setMonth(start.getMonth() + 1);
    for (const at = start; at.getTime() <= last; at.setMonth(at.getMonth() + step)) ticks.push(new Date(at));
  }
  return ticks.slice(0, count);
}
