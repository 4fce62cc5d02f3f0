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

/** A tick format's step on the local calendar: how many lie in a span, the one an instant falls in, and n on. */
interface TickUnit {
  within(first: number, last: number): number;
  floor(at: Date): void;
  add(at: Date, steps: number): void;
}

const monthNumber = (at: Date) => at.getFullYear() * 12 + at.getMonth();

const HOURS: TickUnit = {
  within: (first, last) => (last - first) / HOUR,
  floor: (at) => at.setMinutes(0, 0, 0),
  add: (at, steps) => at.setHours(at.getHours() + steps),
};
const DAYS: TickUnit = {
  within: (first, last) => (last - first) / (24 * HOUR),
  floor: (at) => at.setHours(0, 0, 0, 0),
  add: (at, steps) => at.setDate(at.getDate() + steps),
};
const MONTHS: TickUnit = {
  within: (first, last) => monthNumber(new Date(last)) - monthNumber(new Date(first)),
  floor: (at) => {
    at.setHours(0, 0, 0, 0);
    at.setDate(1);
  },
  add: (at, steps) => at.setMonth(at.getMonth() + steps),
};
const TICK_UNITS: Record<string, TickUnit> = { '%H:%M': HOURS, '%b %d': DAYS };

/**
 * At most `count` instants over [first, last] for a time axis of the format:
 * whole hours, local midnights or the firsts of months, an equal number of
 * them apart, so the labels are evenly spaced and never run into each other.
 */
export function timeTickValues(first: number, last: number, spec: string, count: number): Date[] {
  if (!(last > first)) return Number.isFinite(first) ? [new Date(first)] : [];
  const unit = TICK_UNITS[spec] ?? MONTHS;
  const step = Math.max(1, Math.ceil(unit.within(first, last) / Math.max(1, count - 1)));
  const at = new Date(first);
  unit.floor(at);
  if (at.getTime() < first) unit.add(at, 1);
  const ticks: Date[] = [];
  for (; at.getTime() <= last; unit.add(at, step)) ticks.push(new Date(at));
  return ticks.slice(0, count);
}

/**
 * A nivo time axis over [first, last] in a tick format: its labels in the
 * person's language, as many evenly spaced as fit its width, so none run
 * into each other.
 */
export function timeAxis(first: number, last: number, spec: string, axisWidth: number) {
  return {
    format: localTimeTicks(spec),
    tickValues: timeTickValues(first, last, spec, ticksThatFit(axisWidth, spec)),
  };
}
