import type { TariffSchedule, TariffVersion } from '../../src/generated/api-types';
import { daysInMonth, monthName } from '../../src/time/civil-time';
import { fieldError } from '../http/api-error';

const DAY_TYPES = ['weekday', 'weekend', 'holiday'] as const;

/**
 * What the schema cannot say of a tariff's versions: real dates, versions in order and apart, every hour of
 * every schedule naming a window that exists, tiers rising to an open last one, taxes that charge something.
 * The first problem is refused at its JSON Pointer, in words the tariff form can show beside the field.
 */
export function checkTariffVersions(versions: readonly TariffVersion[]): void {
  versions.forEach((version, index) => {
    const at = `/versions/${index}`;
    checkDate(version.validFrom, `${at}/validFrom`);
    if (version.validTo !== null) {
      checkDate(version.validTo, `${at}/validTo`);
      if (version.validTo <= version.validFrom) {
        throw fieldError(
          `${at}/validTo`,
          `Version ${index + 1} ends on ${version.validTo}, not after it starts (${version.validFrom}).`,
        );
      }
    }
    const previous = versions[index - 1];
    if (previous) checkFollows(previous, version, index);
    checkSchedule(version, at);
    version.windows.forEach((window, windowIndex) => {
      checkTiers(window.tiers, `${at}/windows/${windowIndex}/tiers`, window.name);
    });
    version.holidays?.forEach((holiday, holidayIndex) => {
      checkDate(holiday, `${at}/holidays/${holidayIndex}`);
    });
    version.taxes?.forEach((tax, taxIndex) => {
      if (tax.percent === undefined && tax.perUnit === undefined) {
        throw fieldError(
          `${at}/taxes/${taxIndex}`,
          `The tax "${tax.name}" charges nothing: give it a percent or an amount per unit.`,
        );
      }
    });
  });
}

function checkDate(date: string, pointer: string): void {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (day > daysInMonth(year, month)) {
    throw fieldError(
      pointer,
      `${date} is not a date: ${monthName(month)} ${year} has ${daysInMonth(year, month)} days.`,
    );
  }
}

/** Versions in order of their start, each starting once the one before has ended. */
function checkFollows(previous: TariffVersion, version: TariffVersion, index: number): void {
  const at = `/versions/${index}/validFrom`;
  if (version.validFrom <= previous.validFrom) {
    throw fieldError(
      at,
      `Version ${index + 1} starts on ${version.validFrom}, not after version ${index} (${previous.validFrom}): list versions in order.`,
    );
  }
  if (previous.validTo === null || previous.validTo > version.validFrom) {
    const ends = previous.validTo === null ? 'runs on with no end' : `ends on ${previous.validTo}`;
    throw fieldError(
      at,
      `Version ${index + 1} starts on ${version.validFrom}, while version ${index} ${ends}: versions must not overlap. End version ${index} on ${version.validFrom} or before.`,
    );
  }
}

/** Every hour of each day type's 12 × 24 matrix names one of the version's windows. */
function checkSchedule(version: TariffVersion, at: string): void {
  const schedule: TariffSchedule = version.schedule;
  for (const dayType of DAY_TYPES) {
    const matrix = schedule[dayType];
    if (!matrix) continue;
    matrix.forEach((hours, month) => {
      hours.forEach((window, hour) => {
        const pointer = `${at}/schedule/${dayType}/${month}/${hour}`;
        const when = `${monthName(month + 1)} ${hourRange(hour)} on ${dayType}s`;
        if (window === null) {
          throw fieldError(pointer, `No window is set for ${when}: every hour of the week needs one.`);
        }
        if (window >= version.windows.length) {
          throw fieldError(
            pointer,
            `${when} names window ${window + 1}, and this version has ${version.windows.length}.`,
          );
        }
      });
    });
  }
}

function hourRange(hour: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(hour)}:00–${pad(hour + 1)}:00`;
}

/** Limits that rise, the last tier open-ended (null) so that every amount has a price. */
function checkTiers(tiers: readonly { upTo: number | null }[], at: string, window: string): void {
  tiers.forEach((tier, index) => {
    const last = index === tiers.length - 1;
    if (last && tier.upTo !== null) {
      throw fieldError(
        `${at}/${index}/upTo`,
        `The last tier of "${window}" needs no limit (null): consumption above ${tier.upTo} would have no price.`,
      );
    }
    if (!last && tier.upTo === null) {
      throw fieldError(`${at}/${index}/upTo`, `Only the last tier of "${window}" may be open-ended.`);
    }
    const before = tiers[index - 1]?.upTo;
    if (before !== undefined && before !== null && tier.upTo !== null && tier.upTo <= before) {
      throw fieldError(
        `${at}/${index}/upTo`,
        `The tiers of "${window}" are out of order: ${tier.upTo} comes after ${before}. Each limit must be above the one before.`,
      );
    }
  });
}
