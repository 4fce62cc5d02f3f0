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
