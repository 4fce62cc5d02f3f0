import type { TFunction } from 'i18next';
import type { PeriodName } from '../../src/data/periods';

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

/** A period's wording in the chosen language; `t` reads the shared strings. */
export function periodText(t: TFunction, period: PeriodName): PeriodText {
  return {
    during: t(`periods.${period}.during`),
    previous: t(`periods.${period}.previous`),
    previousTitle: t(`periods.${period}.previousTitle`),
    versus: t(`periods.${period}.versus`),
  };
}
