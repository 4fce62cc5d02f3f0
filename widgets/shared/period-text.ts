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
  const fixed = isFixedPeriod(period);
  const during = fixed ? formatDateRange(period.firstDate, period.lastDate) : t(`periods.${period}.during`);
  // What it is compared with: by its dates where a report pins them, else in words.
  const dates = fixed ? (comparedWith === 'lastYear' ? period.lastYear : period.previous) : undefined;
  if (dates) {
    const previous = formatDateRange(dates.firstDate, dates.lastDate);
    return { during, previous, previousTitle: previous, versus: t('periods.fixed.versus', { previous }) };
  }
  const words = comparedWith === 'lastYear' || fixed ? 'lastYear' : period;
  return {
    during,
    previous: t(`periods.${words}.previous`),
    previousTitle: t(`periods.${words}.previousTitle`),
    versus: t(`periods.${words}.versus`),
  };
}
