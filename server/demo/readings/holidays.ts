/**
 * Public holidays for the demo sites' calendars, for any year: fixed dates,
 * nth-weekday rules, Easter-based days, weekend substitutes and a short
 * table of one-off days (jubilees, state funerals, days of mourning).
 *
 * Dates are local calendar dates ('YYYY-MM-DD'); day numbers are days since
 * 1970-01-01 for that local date (the same numbering as `Date.UTC(y, m - 1, d) / DAY`).
 */

export type HolidayCountry = 'GB' | 'AU' | 'US';

/** GB: England and Wales; AU: New South Wales; US: federal holidays. */
export type HolidayRegion = 'ENG' | 'NSW';

export interface PublicHoliday {
  date: string;
  name: string;
}

const DAY = 86_400_000;

/** Days since 1970-01-01 for a calendar date. */
export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY;
}

/** 0 = Sunday … 6 = Saturday, for a day number. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isoDate(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/** Easter Sunday (Gregorian), by the anonymous algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** The nth (1-based) given weekday of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = dayNumber(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

const isWeekend = (day: number) => weekdayOf(day) === 0 || weekdayOf(day) === 6;

interface Entry {
  day: number;
  name: string;
}

/**
 * GB/AU rule: a holiday on a Saturday or Sunday gives a substitute day, the
 * next weekday that is not already a holiday (so Christmas on a Saturday
 * gives Monday 27th and Boxing Day on the Sunday gives Tuesday 28th).
 * The weekend day itself stays in the list.
 */
function withSubstitutes(entries: Entry[], substituted: ReadonlySet<string>): Entry[] {
  const taken = new Set(entries.filter((entry) => !isWeekend(entry.day)).map((entry) => entry.day));
  const result = [...entries];
  for (const entry of [...entries].sort((x, y) => x.day - y.day)) {
    if (!substituted.has(entry.name) || !isWeekend(entry.day)) continue;
    let day = entry.day + 1;
    while (isWeekend(day) || taken.has(day)) day += 1;
    taken.add(day);
    result.push({ day, name: `${entry.name} (substitute day)` });
  }
  return result;
}

/** One-off days and moved bank holidays, by calendar. */
const GB_ONE_OFF: Record<number, Entry[]> = {
  1995: [{ day: dayNumber(1995, 5, 8), name: 'Early May bank holiday (VE Day)' }],
  1999: [{ day: dayNumber(1999, 12, 31), name: 'Millennium Eve' }],
  2002: [
    { day: dayNumber(2002, 6, 4), name: 'Spring bank holiday' },
    { day: dayNumber(2002, 6, 3), name: 'Golden Jubilee bank holiday' },
  ],
  2011: [{ day: dayNumber(2011, 4, 29), name: 'Royal wedding' }],
  2012: [
    { day: dayNumber(2012, 6, 4), name: 'Spring bank holiday' },
    { day: dayNumber(2012, 6, 5), name: 'Diamond Jubilee bank holiday' },
  ],
  2020: [{ day: dayNumber(2020, 5, 8), name: 'Early May bank holiday (VE Day)' }],
  2022: [
    { day: dayNumber(2022, 6, 2), name: 'Spring bank holiday' },
    { day: dayNumber(2022, 6, 3), name: 'Platinum Jubilee bank holiday' },
    { day: dayNumber(2022, 9, 19), name: 'State Funeral of Queen Elizabeth II' },
  ],
  2023: [{ day: dayNumber(2023, 5, 8), name: 'Coronation of King Charles III' }],
};
/** Years whose Early May or Spring bank holiday moved (replaced by the one-off table). */
const GB_MOVED_EARLY_MAY = new Set([1995, 2020]);
const GB_MOVED_SPRING = new Set([2002, 2012, 2022]);

const AU_ONE_OFF: Record<number, Entry[]> = {
  2022: [{ day: dayNumber(2022, 9, 22), name: 'National Day of Mourning for Queen Elizabeth II' }],
};

function easterDay(year: number): number {
  const easter = easterSunday(year);
  return dayNumber(year, easter.month, easter.day);
}

function englandAndWales(year: number): Entry[] {
  const easter = easterDay(year);
  const entries: Entry[] = [
    { day: dayNumber(year, 1, 1), name: "New Year's Day" },
    { day: easter - 2, name: 'Good Friday' },
    { day: easter + 1, name: 'Easter Monday' },
    { day: nthWeekday(year, 8, 1, -1), name: 'Summer bank holiday' },
    { day: dayNumber(year, 12, 25), name: 'Christmas Day' },
    { day: dayNumber(year, 12, 26), name: 'Boxing Day' },
    ...(GB_ONE_OFF[year] ?? []),
  ];
  if (!GB_MOVED_EARLY_MAY.has(year))
    entries.push({ day: nthWeekday(year, 5, 1, 1), name: 'Early May bank holiday' });
  if (!GB_MOVED_SPRING.has(year))
    entries.push({ day: nthWeekday(year, 5, 1, -1), name: 'Spring bank holiday' });
  return withSubstitutes(entries, new Set(["New Year's Day", 'Christmas Day', 'Boxing Day']));
}

function newSouthWales(year: number): Entry[] {
  const easter = easterDay(year);
  const entries: Entry[] = [
    { day: dayNumber(year, 1, 1), name: "New Year's Day" },
    { day: dayNumber(year, 1, 26), name: 'Australia Day' },
    { day: easter - 2, name: 'Good Friday' },
    { day: easter - 1, name: 'Easter Saturday' },
    { day: easter, name: 'Easter Sunday' },
    { day: easter + 1, name: 'Easter Monday' },
    // No substitute in NSW when Anzac Day falls on a weekend.
    { day: dayNumber(year, 4, 25), name: 'Anzac Day' },
    { day: nthWeekday(year, 6, 1, 2), name: year >= 2023 ? "King's Birthday" : "Queen's Birthday" },
    // The August Bank Holiday is for banks only, so offices stay open.
    { day: nthWeekday(year, 10, 1, 1), name: 'Labour Day' },
    { day: dayNumber(year, 12, 25), name: 'Christmas Day' },
    { day: dayNumber(year, 12, 26), name: 'Boxing Day' },
    ...(AU_ONE_OFF[year] ?? []),
  ];
  return withSubstitutes(
    entries,
    new Set(["New Year's Day", 'Australia Day', 'Christmas Day', 'Boxing Day']),
  );
}

/** US federal holidays (5 U.S.C. 6103): Saturday ones observed on the Friday, Sunday ones on the Monday. */
function unitedStatesRaw(year: number): Entry[] {
  const entries: Entry[] = [
    { day: dayNumber(year, 1, 1), name: "New Year's Day" },
    { day: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { day: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    { day: dayNumber(year, 7, 4), name: 'Independence Day' },
    { day: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { day: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    { day: dayNumber(year, 11, 11), name: 'Veterans Day' },
    { day: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { day: dayNumber(year, 12, 25), name: 'Christmas Day' },
  ];
  if (year >= 1986)
    entries.push({ day: nthWeekday(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' });
  if (year >= 2021)
    entries.push({ day: dayNumber(year, 6, 19), name: 'Juneteenth National Independence Day' });
  const observed: Entry[] = [];
  for (const entry of entries) {
    const weekday = weekdayOf(entry.day);
    if (weekday === 6) observed.push({ day: entry.day - 1, name: `${entry.name} (observed)` });
    if (weekday === 0) observed.push({ day: entry.day + 1, name: `${entry.name} (observed)` });
  }
  return [...entries, ...observed];
}

function rawHolidays(country: HolidayCountry, year: number): Entry[] {
  switch (country) {
    case 'GB':
      return englandAndWales(year);
    case 'AU':
      return newSouthWales(year);
    case 'US':
      return unitedStatesRaw(year);
  }
}

/**
 * The public holidays whose date falls in `year`, sorted by date. Weekend
 * holidays are listed as well as their substitute or observed weekday
 * (e.g. Christmas on a Saturday and "Christmas Day (substitute day)" on the Monday).
 * A US New Year's Day on a Saturday is observed on 31 December of the year before.
 */
export function publicHolidays(
  country: HolidayCountry,
  year: number,
  region?: HolidayRegion,
): PublicHoliday[] {
  checkRegion(country, region);
  const first = dayNumber(year, 1, 1);
  const last = dayNumber(year + 1, 1, 1);
  return [...rawHolidays(country, year), ...rawHolidays(country, year + 1)]
    .filter((entry) => entry.day >= first && entry.day < last)
    .sort((x, y) => x.day - y.day || x.name.localeCompare(y.name))
    .map((entry) => ({ date: isoDate(entry.day), name: entry.name }));
}

function checkRegion(country: HolidayCountry, region: HolidayRegion | undefined): void {
  const supported: Record<HolidayCountry, HolidayRegion | undefined> = {
    GB: 'ENG',
    AU: 'NSW',
    US: undefined,
  };
  if (region !== undefined && region !== supported[country]) {
    throw new Error(`No holiday calendar for ${country}-${region}`);
  }
}

const cache = new Map<string, ReadonlySet<number>>();

/** Day numbers of the public holidays in the years `fromYear`..`toYear` (inclusive). */
export function holidayDayNumbers(
  country: HolidayCountry,
  fromYear: number,
  toYear: number,
  region?: HolidayRegion,
): ReadonlySet<number> {
  checkRegion(country, region);
  const key = `${country}:${fromYear}:${toYear}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const days = new Set<number>();
  const first = dayNumber(fromYear, 1, 1);
  const last = dayNumber(toYear + 1, 1, 1);
  for (let year = fromYear - 1; year <= toYear + 1; year += 1) {
    for (const entry of rawHolidays(country, year))
      if (entry.day >= first && entry.day < last) days.add(entry.day);
  }
  cache.set(key, days);
  return days;
}

export function isPublicHoliday(country: HolidayCountry, date: string, region?: HolidayRegion): boolean {
  const year = Number(date.slice(0, 4));
  return publicHolidays(country, year, region).some((holiday) => holiday.date === date);
}
