import type { TFunction } from 'i18next';
import { type ComparedWith, isFixedPeriod, type PeriodChoice } from '../../src/data/periods';
import { formatDateRange } from '../../src/i18n/date-range';

/** How the live-data widgets name a period and the one it is compared with. */
export interface PeriodText {
  /** When, inside a sentence: "the last 30 days", "this month". */
  during: string;
  /** The period before, inside a sentence: "last month", "the 7 days before". */
  previous: string;
  /** The period before, starting a line: "Last month". */
  previousTitle: string;
  /** After a change: "vs last month". */
  versus: string;
}

/**
 * A period's wording in the chosen language; `t` reads the shared strings. A
 * fixed period (a report's) is named by its dates: "1–31 Oct 2026".
 */
export function periodText(
  t: TFunction,
  period: PeriodChoice,
  comparedWith: ComparedWith = 'previous',
): PeriodText {
  if (comparedWith === 'lastYear') return lastYearText(t, period);
  if (isFixedPeriod(period)) {
    const during = formatDateRange(period.firstDate, period.lastDate);
    const previous = formatDateRange(period.previous.firstDate, period.previous.lastDate);
    return {
      during,
      previous,
      previousTitle: previous,
      versus: t('periods.fixed.versus', { previous }),
    };
  }
  return {
    during: t(`periods.${period}.during`),
    previous: t(`periods.${period}.previous`),
    previousTitle: t(`periods.${period}.previousTitle`),
    versus: t(`periods.${period}.versus`),
  };
}

/** A period compared with the same time last year: a report's by last year's dates, a named one in words. */
function lastYearText(t: TFunction, period: PeriodChoice): PeriodText {
  const during = isFixedPeriod(period)
    ? formatDateRange(period.firstDate, period.lastDate)
    : t(`periods.${period}.during`);
  if (isFixedPeriod(period) && period.lastYear) {
    const previous = formatDateRange(period.lastYear.firstDate, period.lastYear.lastDate);
    return { during, previous, previousTitle: previous, versus: t('periods.fixed.versus', { previous }) };
  }
  return {
    during,
    previous: t('periods.lastYear.previous'),
    previousTitle: t('periods.lastYear.previousTitle'),
    versus: t('periods.lastYear.versus'),
  };
}
