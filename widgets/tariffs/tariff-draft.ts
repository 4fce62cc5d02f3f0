import type {
  Tariff,
  TariffSchedule,
  TariffVersion,
  UtilityOrTariffRequest,
} from '../../src/generated/api-types';

/** The day types a schedule has rows for; holidays fall back to the weekend's rows when left out. */
export const DAY_TYPES = ['weekday', 'weekend', 'holiday'] as const;
export type DayType = (typeof DAY_TYPES)[number];

/** A rectangle of a day type's 12 × 24 grid: months first to last, hours first to last, both inclusive. */
export interface CellRange {
  months: [number, number];
  hours: [number, number];
}

/** What the form edits: a tariff as the API takes it. */
export type TariffDraft = UtilityOrTariffRequest;

type Grid = (number | null)[][];

function filledGrid(window: number): Grid {
  return Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => window));
}

/** A version with one window for every hour, from this local date. */
export function blankVersion(validFrom: string): TariffVersion {
  return {
    validFrom,
    validTo: null,
    windows: [{ name: 'Standard', tiers: [{ upTo: null, price: 0 }] }],
    schedule: { weekday: filledGrid(0), weekend: filledGrid(0) },
  };
}

/** A new electricity tariff for the whole organisation, valid from the first of this month. */
export function blankTariff(today: string): TariffDraft {
  return {
    name: '',
    utility: 'electricity',
    unit: 'kWh',
    currency: 'EUR',
    versions: [blankVersion(`${today.slice(0, 8)}01`)],
    assignments: [{ kind: 'organisation' }],
  };
}

/** A stored tariff as the form edits it and the API takes it back. */
export function draftOf(tariff: Tariff): TariffDraft {
  const { id: _id, updatedAt: _updatedAt, ...draft } = tariff;
  return structuredClone(draft);
}

/** A day type's grid as it is in force: a holiday without its own rows is priced as a weekend. */
export function gridOf(schedule: TariffSchedule, dayType: DayType): Grid {
  return dayType === 'holiday' ? (schedule.holiday ?? schedule.weekend) : schedule[dayType];
}

/** The schedule with the cells of the range set to the window; other day types untouched. */
export function paintCells(
  schedule: TariffSchedule,
  dayType: DayType,
  range: CellRange,
  window: number,
): TariffSchedule {
  const [firstMonth, lastMonth] = ordered(range.months);
  const [firstHour, lastHour] = ordered(range.hours);
  const grid = gridOf(schedule, dayType).map((hours, month) =>
    month < firstMonth || month > lastMonth
      ? hours
      : hours.map((current, hour) => (hour < firstHour || hour > lastHour ? current : window)),
  );
  return { ...schedule, [dayType]: grid };
}

function ordered([a, b]: [number, number]): [number, number] {
  return a <= b ? [a, b] : [b, a];
}

/** Whether a cell lies in a range being painted. */
export function inRange(range: CellRange | undefined, month: number, hour: number): boolean {
  if (!range) return false;
  const [firstMonth, lastMonth] = ordered(range.months);
  const [firstHour, lastHour] = ordered(range.hours);
  return month >= firstMonth && month <= lastMonth && hour >= firstHour && hour <= lastHour;
}

/**
 * The version without one of its windows: hours that were in it go to the
 * first window (the one left when the rest are removed), and the later
 * windows' indices move down, so every hour still names the window it did.
 */
export function withoutWindow(version: TariffVersion, removed: number): TariffVersion {
  const renumber = (grid: Grid): Grid =>
    grid.map((hours) =>
      hours.map((window) => {
        if (window === null || window < removed) return window;
        return window === removed ? 0 : window - 1;
      }),
    );
  const schedule: TariffSchedule = {
    weekday: renumber(version.schedule.weekday),
    weekend: renumber(version.schedule.weekend),
    ...(version.schedule.holiday ? { holiday: renumber(version.schedule.holiday) } : {}),
  };
  return { ...version, windows: version.windows.filter((_, index) => index !== removed), schedule };
}

/**
 * The versions with a copy of the latest one starting on a local date; the
 * latest then ends there. The copy keeps its prices, to be changed from there.
 */
export function withVersionFrom(versions: TariffVersion[], validFrom: string): TariffVersion[] {
  const latest = versions[versions.length - 1] as TariffVersion;
  return [
    ...versions.slice(0, -1),
    { ...latest, validTo: validFrom },
    { ...structuredClone(latest), validFrom, validTo: null },
  ];
}

/** The version in force on a local date, if any. */
export function versionOn(versions: TariffVersion[], date: string): TariffVersion | undefined {
  return versions.find(
    (version) => version.validFrom <= date && (version.validTo === null || date < version.validTo),
  );
}
