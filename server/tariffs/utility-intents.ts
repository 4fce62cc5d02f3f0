import type { TariffUtility } from '../../src/generated/api-types';

const NAMED: readonly string[] = ['electricity', 'gas', 'water', 'heat'] satisfies TariffUtility[];

/** Whether a tariff of a utility prices data points of an intent: its own, or for "other" any intent not named. */
export function pricesIntent(utility: TariffUtility, intent: string): boolean {
  return utility === 'other' ? !NAMED.includes(intent) : utility === intent;
}

/** The utility whose tariffs price a data point of an intent. */
export function utilityOf(intent: string): TariffUtility {
  return NAMED.includes(intent) ? (intent as TariffUtility) : 'other';
}
