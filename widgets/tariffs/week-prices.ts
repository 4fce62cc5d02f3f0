import type { TariffVersion } from '../../src/generated/api-types';
import { type DayType, gridOf, versionOn } from './tariff-draft';

/** One local hour of the preview: the window in force and its first block's price; null where none is. */
export interface PreviewHour {
  window: number | null;
  name: string | null;
  price: number | null;
}

export interface PreviewDay {
  date: string;
  dayType: DayType;
  hours: PreviewHour[];
}

const DAY_MS = 86_400_000;

/** The local date n days after a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday on or before a date. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Seven days from a Monday as the tariff prices them: each day's version,
 * its day type (a holiday of that version, Saturday and Sunday, else a
 * weekday) and, hour by hour, the window and its first block's price. A
 * dynamic price has no fixed price to show.
 */
export function weekPrices(versions: TariffVersion[], monday: string): PreviewDay[] {
  return Array.from({ length: 7 }, (_, offset) => {
    const date = addDays(monday, offset);
    const version = versionOn(versions, date);
    const dayType = dayTypeOf(version, date);
    const month = Number(date.slice(5, 7)) - 1;
    const hours = Array.from({ length: 24 }, (_, hour): PreviewHour => {
      const window = version ? (gridOf(version.schedule, dayType)[month]?.[hour] ?? null) : null;
      const named = window === null ? undefined : version?.windows[window];
      const price = version?.dynamic || !named?.tiers[0] ? null : named.tiers[0].price;
      return { window, name: named?.name ?? null, price };
    });
    return { date, dayType, hours };
  });
}

function dayTypeOf(version: TariffVersion | undefined, date: string): DayType {
  if (version?.holidays?.includes(date)) return 'holiday';
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 'weekend' : 'weekday';
}
