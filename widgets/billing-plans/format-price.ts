import { cachedFormat } from '../../src/i18n/app-locale';

/** "€49" or "49 €", in the person's language; whole amounts without decimals. */
export function formatPrice(amount: number, currency: string): string {
  return cachedFormat(
    `price ${currency}`,
    (locale) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }),
  ).format(amount);
}
